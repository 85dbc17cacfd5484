<?php

namespace Acme\Shop\Model;

class Customer extends Entity
{
    public function __construct(string $id, private string $name)
    {
        parent::__construct($id);
    }

    public function name(): string
    {
        return $this->name;
    }

    public function describe(): string
    {
        return $this->name();
    }
}
