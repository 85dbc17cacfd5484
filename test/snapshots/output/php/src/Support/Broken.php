<?php

namespace Acme\Shop\Support;

class Broken
{
    public function ok(): void { Money::zero(); }
//                  ^^ definition function php:src/Support/Broken:ok
//                                      ^^^^ calls php:src/Support/Money:Money.zero
    public function bad( {
        Money::of(1);
//             ^^ calls php:src/Support/Money:Money.of (from the module)
