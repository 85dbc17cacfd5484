<?php

namespace Acme\Shop\Model;

enum Status: string
//   ^^^^^^ definition enum php:src/Model/Status:Status
{
    case Open = 'open';
//       ^^^^ definition constant php:src/Model/Status:Status.Open
    case Paid = 'paid';
//       ^^^^ definition constant php:src/Model/Status:Status.Paid

    public function label(): string
//                  ^^^^^ definition method php:src/Model/Status:Status.label
    {
        return ucfirst($this->value);
    }

    public static function initial(): self
//                         ^^^^^^^ definition method php:src/Model/Status:Status.initial
    {
        return self::Open;
    }
}
