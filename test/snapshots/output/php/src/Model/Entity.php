<?php

declare(strict_types=1);

namespace Acme\Shop\Model;

/** Something with an id. */
abstract class Entity implements Identifiable
//             ^^^^^^ definition class php:src/Model/Entity:Entity
{
    use Timestamps;

    public function __construct(protected string $id)
//                  ^^^^^^^^^^^ definition method php:src/Model/Entity:Entity.__construct
    {
        $this->touch();
//             ^^^^^ calls php:src/Model/Timestamps:Timestamps.touch
    }

    public function id(): string
//                  ^^ definition method php:src/Model/Entity:Entity.id
    {
        return $this->id;
    }

    abstract public function describe(): string;
//                           ^^^^^^^^ definition method php:src/Model/Entity:Entity.describe
}
