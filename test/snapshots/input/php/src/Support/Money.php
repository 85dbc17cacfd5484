<?php

namespace Acme\Shop\Support;

final class Money
{
    private function __construct(private int $cents)
    {
    }

    public static function zero(): self
    {
        return new self(0);
    }

    public static function of(int $cents): static
    {
        return new static($cents);
    }

    public function plus(Money $other): self
    {
        return self::of($this->cents + $other->cents());
    }

    public function cents(): int
    {
        return $this->cents;
    }
}
