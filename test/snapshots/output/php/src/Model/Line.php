<?php

namespace Acme\Shop\Model;

use Acme\Shop\Support\Money;

class Line
//    ^^^^ definition class php:src/Model/Line:Line
{
    public function __construct(private string $sku, private Money $price)
//                  ^^^^^^^^^^^ definition method php:src/Model/Line:Line.__construct
    {
    }

    public function price(): Money
//                  ^^^^^ definition method php:src/Model/Line:Line.price
    {
        return $this->price;
    }
}
