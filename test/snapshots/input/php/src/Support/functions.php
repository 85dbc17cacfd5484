<?php

namespace Acme\Shop\Support;

function format_money(Money $m): string
{
    return sprintf('%d.%02d', intdiv($m->cents(), 100), cents_part($m));
}

function cents_part(Money $m): int
{
    return $m->cents() % 100;
}
