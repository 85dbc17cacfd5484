<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\Order;

interface OrderRepository
//        ^^^^^^^^^^^^^^^ definition interface php:src/Service/OrderRepository:OrderRepository
{
    public function save(Order $order): void;
//                  ^^^^ definition method php:src/Service/OrderRepository:OrderRepository.save

    public function find(string $id): ?Order;
//                  ^^^^ definition method php:src/Service/OrderRepository:OrderRepository.find
}
