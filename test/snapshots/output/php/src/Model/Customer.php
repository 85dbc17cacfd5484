<?php

namespace Acme\Shop\Model;

class Customer extends Entity
//    ^^^^^^^^ definition class php:src/Model/Customer:Customer
{
    public function __construct(string $id, private string $name)
//                  ^^^^^^^^^^^ definition method php:src/Model/Customer:Customer.__construct
    {
        parent::__construct($id);
//              ^^^^^^^^^^^ calls php:src/Model/Entity:Entity.__construct
    }

    public function name(): string
//                  ^^^^ definition method php:src/Model/Customer:Customer.name
    {
        return $this->name;
    }

    public function describe(): string
//                  ^^^^^^^^ definition method php:src/Model/Customer:Customer.describe
    {
        return $this->name();
//                    ^^^^ calls php:src/Model/Customer:Customer.name
    }
}
