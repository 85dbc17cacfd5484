namespace Shop.Util
{
    /// <summary>String helpers used across the shop.</summary>
    public static class Text
    {
        public static string Slug(this string s) => s.Trim().ToLowerInvariant();

        public static bool IsBlank(this string s) => string.IsNullOrWhiteSpace(s);

        public static string Join(params string[] parts) => string.Join("-", parts);
    }

    public static class Log
    {
        public static void Info(string message) => Write("info", message);

        private static void Write(string level, string message) => System.Console.WriteLine(level + message);
    }
}
