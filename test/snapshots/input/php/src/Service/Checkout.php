<?php

namespace Acme\Shop\Service;

use Acme\Shop\Model\{Customer, Order};
use Acme\Shop\Support\Money as Cash;
use Psr\Log\LoggerInterface;

class Checkout
{
    private OrderRepository $orders;

    public function __construct(OrderRepository $orders, private ?LoggerInterface $log = null)
    {
        $this->orders = $orders;
    }

    public function start(string $id, string $name): Order
    {
        $order = Order::open($id, new Customer('c-' . $id, $name));
        $order->add('sku-1', Cash::of(250))->add('sku-2', Cash::of(100));
        $this->orders->save($order);
        $this->log?->info('started');
        return $order;
    }

    public function pay(string $id): string
    {
        $order = $this->orders->find($id);
        if ($order === null) {
            throw new \RuntimeException('no order');
        }
        $amount = $order->total()->cents();
        $notify = function (Order $o) use ($amount): void {
            $o->describe();
        };
        $notify($order);
        return (string) $amount;
    }

    public static function make(): self
    {
        return new self(new InMemoryOrders());
    }
}
