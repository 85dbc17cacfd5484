namespace Shop.Broken
{
    // Broken syntax: what parses is still indexed.
    public class Half
//               ^^^^ definition class cs:src/Shop/Broken:Half
    {
        public void Works() => Shop.Util.Log.Info("ok");
//                  ^^^^^ definition method cs:src/Shop/Broken:Half.Works
//                                           ^^^^ calls cs:src/Shop/Util:Log.Info

        public void Broken( { Works(
//                  ^^^^^^ definition method cs:src/Shop/Broken:Half.Broken
    }
}
