namespace Shop.Models;

public enum Status { New, Paid, Shipped }

public record Money(decimal Amount, string Currency)
{
    public Money Add(Money other) => new Money(Amount + other.Amount, Currency);
}

public struct Line
{
    public string Sku;
    public Money Price;

    public Line(string sku, Money price)
    {
        Sku = sku.Slug();
        Price = price;
    }

    public Money Total() => Price;
}

public interface IEntity
{
    string Id { get; }
    void Touch();
}

public abstract class Entity : IEntity
{
    protected Entity(string id) { Id = id; }

    public string Id { get; }

    public virtual void Touch() => Log.Info("touch " + Id);
}
