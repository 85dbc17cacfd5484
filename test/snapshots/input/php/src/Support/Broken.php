<?php

namespace Acme\Shop\Support;

class Broken
{
    public function ok(): void { Money::zero(); }
    public function bad( {
        Money::of(1);
