<?php

namespace Acme\Shop\Tests;

use Acme\Shop\Service\Checkout;
use Acme\Shop\Support\Money;
use PHPUnit\Framework\Attributes\Test;
use PHPUnit\Framework\TestCase;

final class CheckoutTest extends TestCase
{
    private Checkout $checkout;

    protected function setUp(): void
    {
        $this->checkout = Checkout::make();
    }

    public function testStartAddsLines(): void
    {
        $order = $this->checkout->start('1', 'Ann');
        self::assertSame(350, $order->total()->cents());
    }

    /** @test */
    public function paying_returns_the_amount(): void
    {
        $this->checkout->start('2', 'Bob');
        $this->assertSame('350', $this->checkout->pay('2'));
    }

    #[Test]
    public function money_adds(): void
    {
        $this->assertSame(3, Money::of(1)->plus(Money::of(2))->cents());
    }
}
