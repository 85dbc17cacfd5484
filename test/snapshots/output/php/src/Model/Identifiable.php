<?php

namespace Acme\Shop\Model;

interface Identifiable
//        ^^^^^^^^^^^^ definition interface php:src/Model/Identifiable:Identifiable
{
    public function id(): string;
//                  ^^ definition method php:src/Model/Identifiable:Identifiable.id
}
