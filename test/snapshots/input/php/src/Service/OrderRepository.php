<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\Order;

interface OrderRepository
{
    public function save(Order $order): void;

    public function find(string $id): ?Order;
}
