namespace Shop.Util
{
    /// <summary>String helpers used across the shop.</summary>
    public static class Text
//                      ^^^^ definition class cs:src/Shop/Util:Text
    {
        public static string Slug(this string s) => s.Trim().ToLowerInvariant();
//                           ^^^^ definition method cs:src/Shop/Util:Text.Slug

        public static bool IsBlank(this string s) => string.IsNullOrWhiteSpace(s);
//                         ^^^^^^^ definition method cs:src/Shop/Util:Text.IsBlank

        public static string Join(params string[] parts) => string.Join("-", parts);
//                           ^^^^ definition method cs:src/Shop/Util:Text.Join
    }

    public static class Log
//                      ^^^ definition class cs:src/Shop/Util:Log
    {
        public static void Info(string message) => Write("info", message);
//                         ^^^^ definition method cs:src/Shop/Util:Log.Info
//                                                 ^^^^^ calls cs:src/Shop/Util:Log.Write

        private static void Write(string level, string message) => System.Console.WriteLine(level + message);
//                          ^^^^^ definition method cs:src/Shop/Util:Log.Write
    }
}
