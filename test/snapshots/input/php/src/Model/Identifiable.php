<?php

namespace Acme\Shop\Model;

interface Identifiable
{
    public function id(): string;
}
