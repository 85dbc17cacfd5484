<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\Order;

class InMemoryOrders implements OrderRepository
//    ^^^^^^^^^^^^^^ definition class php:src/Service/InMemoryOrders:InMemoryOrders
{
    /** @var array<string, Order> */
    private array $orders = [];

    public function save(Order $order): void
//                  ^^^^ definition method php:src/Service/InMemoryOrders:InMemoryOrders.save
    {
        $this->orders[$order->id()] = $order;
//                            ^^ calls php:src/Model/Entity:Entity.id
    }

    public function find(string $id): ?Order
//                  ^^^^ definition method php:src/Service/InMemoryOrders:InMemoryOrders.find
    {
        return $this->orders[$id] ?? null;
    }
}
