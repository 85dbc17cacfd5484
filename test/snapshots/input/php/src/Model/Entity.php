<?php

declare(strict_types=1);

namespace Acme\Shop\Model;

/** Something with an id. */
abstract class Entity implements Identifiable
{
    use Timestamps;

    public function __construct(protected string $id)
    {
        $this->touch();
    }

    public function id(): string
    {
        return $this->id;
    }

    abstract public function describe(): string;
}
