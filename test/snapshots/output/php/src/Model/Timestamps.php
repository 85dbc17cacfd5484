<?php

namespace Acme\Shop\Model;

trait Timestamps
//    ^^^^^^^^^^ definition class php:src/Model/Timestamps:Timestamps
{
    private ?\DateTimeImmutable $touchedAt = null;

    public function touch(): static
//                  ^^^^^ definition method php:src/Model/Timestamps:Timestamps.touch
    {
        $this->touchedAt = new \DateTimeImmutable();
        return $this;
    }
}
