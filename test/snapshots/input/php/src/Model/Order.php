<?php

namespace Acme\Shop\Model;

use Acme\Shop\Support\Money;
use function Acme\Shop\Support\format_money;

final class Order extends Entity
{
    /** @var Line[] */
    private array $lines = [];
    private Status $status;
    /** @var Customer */
    private $buyer;

    public function __construct(string $id, Customer $buyer)
    {
        parent::__construct($id);
        $this->buyer = $buyer;
        $this->status = Status::initial();
    }

    public static function open(string $id, Customer $buyer): static
    {
        return new static($id, $buyer);
    }

    public function add(string $sku, Money $price): self
    {
        $this->lines[] = new Line($sku, $price);
        return $this->touch();
    }

    public function total(): Money
    {
        $sum = Money::zero();
        foreach ($this->lines as $line) {
            $sum = $sum->plus($line->price());
        }
        return $sum;
    }

    public function describe(): string
    {
        $label = $this->status->label();
        return $this->buyer->name() . ' ' . $label . ' ' . format_money($this->total());
    }
}
