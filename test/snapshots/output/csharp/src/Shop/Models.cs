namespace Shop.Models;

public enum Status { New, Paid, Shipped }
//          ^^^^^^ definition enum cs:src/Shop/Models:Status

public record Money(decimal Amount, string Currency)
//            ^^^^^ definition class cs:src/Shop/Models:Money
{
    public Money Add(Money other) => new Money(Amount + other.Amount, Currency);
//         ^^^^^ calls cs:src/Shop/Models:Money
//               ^^^ definition method cs:src/Shop/Models:Money.Add
}

public struct Line
//            ^^^^ definition class cs:src/Shop/Models:Line
{
    public string Sku;
    public Money Price;

    public Line(string sku, Money price)
//         ^^^^ definition method cs:src/Shop/Models:Line.Line
    {
        Sku = sku.Slug();
//                ^^^^ calls cs:src/Shop/Util:Text.Slug
        Price = price;
    }

    public Money Total() => Price;
//               ^^^^^ definition method cs:src/Shop/Models:Line.Total
}

public interface IEntity
//               ^^^^^^^ definition interface cs:src/Shop/Models:IEntity
{
    string Id { get; }
//         ^^ definition method cs:src/Shop/Models:IEntity.Id
    void Touch();
//       ^^^^^ definition method cs:src/Shop/Models:IEntity.Touch
}

public abstract class Entity : IEntity
//                    ^^^^^^ definition class cs:src/Shop/Models:Entity
{
    protected Entity(string id) { Id = id; }
//            ^^^^^^ definition method cs:src/Shop/Models:Entity.Entity

    public string Id { get; }
//                ^^ definition method cs:src/Shop/Models:Entity.Id

    public virtual void Touch() => Log.Info("touch " + Id);
//                      ^^^^^ definition method cs:src/Shop/Models:Entity.Touch
//                                     ^^^^ calls cs:src/Shop/Util:Log.Info
}
