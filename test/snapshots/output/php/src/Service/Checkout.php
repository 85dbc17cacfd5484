<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\{Customer, Order};
use Acme\Shop\Support\Money as Cash;
use Psr\Log\LoggerInterface;

class Checkout
//    ^^^^^^^^ definition class php:src/Service/Checkout:Checkout
{
    private OrderRepository $orders;

    public function __construct(OrderRepository $orders, private ?LoggerInterface $log = null)
//                  ^^^^^^^^^^^ definition method php:src/Service/Checkout:Checkout.__construct
    {
        $this->orders = $orders;
    }

    public function start(string $id, string $name): Order
//                  ^^^^^ definition method php:src/Service/Checkout:Checkout.start
    {
        $order = Order::open($id, new Customer('c-' . $id, $name));
//^ calls php:src/Model/Customer:Customer.__construct
//                      ^^^^ calls php:src/Model/Order:Order.open
        $order->add('sku-1', Cash::of(250))->add('sku-2', Cash::of(100));
//              ^^^ calls php:src/Model/Order:Order.add
//                                 ^^ calls php:src/Support/Money:Money.of
        $this->orders->save($order);
//                     ^^^^ calls php:src/Service/OrderRepository:OrderRepository.save
        $this->log?->info('started');
        return $order;
    }

    public function pay(string $id): string
//                  ^^^ definition method php:src/Service/Checkout:Checkout.pay
    {
        $order = $this->orders->find($id);
//                              ^^^^ calls php:src/Service/OrderRepository:OrderRepository.find
        if ($order === null) {
            throw new \RuntimeException('no order');
        }
        $amount = $order->total()->cents();
//                        ^^^^^ calls php:src/Model/Order:Order.total
//                                 ^^^^^ calls php:src/Support/Money:Money.cents
        $notify = function (Order $o) use ($amount): void {
            $o->describe();
//              ^^^^^^^^ calls php:src/Model/Order:Order.describe
        };
        $notify($order);
        return (string) $amount;
    }

    public static function make(): self
//                         ^^^^ definition method php:src/Service/Checkout:Checkout.make
    {
        return new self(new InMemoryOrders());
//^ calls php:src/Service/Checkout:Checkout.__construct
//                          ^^^^^^^^^^^^^^ calls php:src/Service/InMemoryOrders:InMemoryOrders
    }
}
