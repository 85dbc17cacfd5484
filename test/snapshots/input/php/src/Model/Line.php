<?php

namespace Acme\Shop\Model;

use Acme\Shop\Support\Money;

class Line
{
    public function __construct(private string $sku, private Money $price)
    {
    }

    public function price(): Money
    {
        return $this->price;
    }
}
