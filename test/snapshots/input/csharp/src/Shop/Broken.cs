namespace Shop.Broken
{
    // Broken syntax: what parses is still indexed.
    public class Half
    {
        public void Works() => Shop.Util.Log.Info("ok");

        public void Broken( { Works(
    }
}
