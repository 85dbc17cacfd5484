<?php

namespace Acme\Shop\Support;

final class Money
//          ^^^^^ definition class php:src/Support/Money:Money
{
    private function __construct(private int $cents)
//                   ^^^^^^^^^^^ definition method php:src/Support/Money:Money.__construct
    {
    }

    public static function zero(): self
//                         ^^^^ definition method php:src/Support/Money:Money.zero
    {
        return new self(0);
//^ calls php:src/Support/Money:Money.__construct
    }

    public static function of(int $cents): static
//                         ^^ definition method php:src/Support/Money:Money.of
    {
        return new static($cents);
//^ calls php:src/Support/Money:Money.__construct
    }

    public function plus(Money $other): self
//                  ^^^^ definition method php:src/Support/Money:Money.plus
    {
        return self::of($this->cents + $other->cents());
//                   ^^ calls php:src/Support/Money:Money.of
//                             ^^^^^ calls php:src/Support/Money:Money.cents
    }

    public function cents(): int
//                  ^^^^^ definition method php:src/Support/Money:Money.cents
    {
        return $this->cents;
    }
}
