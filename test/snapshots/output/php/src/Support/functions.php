<?php

namespace Acme\Shop\Support;

function format_money(Money $m): string
//       ^^^^^^^^^^^^ definition function php:src/Support/functions:format_money
{
    return sprintf('%d.%02d', intdiv($m->cents(), 100), cents_part($m));
//                                       ^^^^^ calls php:src/Support/Money:Money.cents
//                                                      ^^^^^^^^^^ calls php:src/Support/functions:cents_part
}

function cents_part(Money $m): int
//       ^^^^^^^^^^ definition function php:src/Support/functions:cents_part
{
    return $m->cents() % 100;
//             ^^^^^ calls php:src/Support/Money:Money.cents
}
