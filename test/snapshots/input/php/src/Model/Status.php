<?php

namespace Acme\Shop\Model;

enum Status: string
{
    case Open = 'open';
    case Paid = 'paid';

    public function label(): string
    {
        return ucfirst($this->value);
    }

    public static function initial(): self
    {
        return self::Open;
    }
}
