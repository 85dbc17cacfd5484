<?php

namespace Acme\Shop\Model;

trait Timestamps
{
    private ?\DateTimeImmutable $touchedAt = null;

    public function touch(): static
    {
        $this->touchedAt = new \DateTimeImmutable();
        return $this;
    }
}
