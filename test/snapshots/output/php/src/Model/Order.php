<?php

namespace Acme\Shop\Model;

use Acme\Shop\Support\Money;
use function Acme\Shop\Support\format_money;

final class Order extends Entity
//          ^^^^^ definition class php:src/Model/Order:Order
{
    /** @var Line[] */
    private array $lines = [];
    private Status $status;
    /** @var Customer */
    private $buyer;

    public function __construct(string $id, Customer $buyer)
//                  ^^^^^^^^^^^ definition method php:src/Model/Order:Order.__construct
    {
        parent::__construct($id);
//              ^^^^^^^^^^^ calls php:src/Model/Entity:Entity.__construct
        $this->buyer = $buyer;
        $this->status = Status::initial();
//                              ^^^^^^^ calls php:src/Model/Status:Status.initial
    }

    public static function open(string $id, Customer $buyer): static
//                         ^^^^ definition method php:src/Model/Order:Order.open
    {
        return new static($id, $buyer);
//^ calls php:src/Model/Order:Order.__construct
    }

    public function add(string $sku, Money $price): self
//                  ^^^ definition method php:src/Model/Order:Order.add
    {
        $this->lines[] = new Line($sku, $price);
//^ calls php:src/Model/Line:Line.__construct
        return $this->touch();
//                    ^^^^^ calls php:src/Model/Timestamps:Timestamps.touch
    }

    public function total(): Money
//                  ^^^^^ definition method php:src/Model/Order:Order.total
    {
        $sum = Money::zero();
//                    ^^^^ calls php:src/Support/Money:Money.zero
        foreach ($this->lines as $line) {
            $sum = $sum->plus($line->price());
//                       ^^^^ calls php:src/Support/Money:Money.plus
//                                   ^^^^^ calls php:src/Model/Line:Line.price
        }
        return $sum;
    }

    public function describe(): string
//                  ^^^^^^^^ definition method php:src/Model/Order:Order.describe
    {
        $label = $this->status->label();
//                              ^^^^^ calls php:src/Model/Status:Status.label
        return $this->buyer->name() . ' ' . $label . ' ' . format_money($this->total());
//                           ^^^^ calls php:src/Model/Customer:Customer.name
//                                                         ^^^^^^^^^^^^ calls php:src/Support/functions:format_money
//                                                                             ^^^^^ calls php:src/Model/Order:Order.total
    }
}
