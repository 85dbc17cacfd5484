<?php

namespace Acme\Shop\Tests;

use Acme\Shop\Service\Checkout;
use Acme\Shop\Support\Money;
use PHPUnit\Framework\Attributes\Test;
use PHPUnit\Framework\TestCase;

final class CheckoutTest extends TestCase
//          ^^^^^^^^^^^^ definition class php:tests/CheckoutTest:CheckoutTest
{
    private Checkout $checkout;

    protected function setUp(): void
//                     ^^^^^ definition method php:tests/CheckoutTest:CheckoutTest.setUp
    {
        $this->checkout = Checkout::make();
//                                  ^^^^ calls php:src/Service/Checkout:Checkout.make
    }

    public function testStartAddsLines(): void
//                  ^^^^^^^^^^^^^^^^^^ definition test php:tests/CheckoutTest:CheckoutTest.testStartAddsLines
//                  ^^^^^^^^^^^^^^^^^^ tests php:src/Model/Order:Order.total
//                  ^^^^^^^^^^^^^^^^^^ tests php:src/Service/Checkout:Checkout.start
//                  ^^^^^^^^^^^^^^^^^^ tests php:src/Support/Money:Money.cents
    {
        $order = $this->checkout->start('1', 'Ann');
//                                ^^^^^ calls php:src/Service/Checkout:Checkout.start
        self::assertSame(350, $order->total()->cents());
//                                    ^^^^^ calls php:src/Model/Order:Order.total
//                                             ^^^^^ calls php:src/Support/Money:Money.cents
    }

    /** @test */
    public function paying_returns_the_amount(): void
//                  ^^^^^^^^^^^^^^^^^^^^^^^^^ definition test php:tests/CheckoutTest:CheckoutTest.paying_returns_the_amount
//                  ^^^^^^^^^^^^^^^^^^^^^^^^^ tests php:src/Service/Checkout:Checkout.pay
//                  ^^^^^^^^^^^^^^^^^^^^^^^^^ tests php:src/Service/Checkout:Checkout.start
    {
        $this->checkout->start('2', 'Bob');
//                       ^^^^^ calls php:src/Service/Checkout:Checkout.start
        $this->assertSame('350', $this->checkout->pay('2'));
//                                                ^^^ calls php:src/Service/Checkout:Checkout.pay
    }

    #[Test]
    public function money_adds(): void
//                  ^^^^^^^^^^ definition test php:tests/CheckoutTest:CheckoutTest.money_adds
//                  ^^^^^^^^^^ tests php:src/Support/Money:Money.cents
//                  ^^^^^^^^^^ tests php:src/Support/Money:Money.of
//                  ^^^^^^^^^^ tests php:src/Support/Money:Money.plus
    {
        $this->assertSame(3, Money::of(1)->plus(Money::of(2))->cents());
//                                  ^^ calls php:src/Support/Money:Money.of
//                                         ^^^^ calls php:src/Support/Money:Money.plus
//                                                             ^^^^^ calls php:src/Support/Money:Money.cents
    }
}
