/** `serve`'s default port (its explorer takes the next one); apart from serve.ts so that the usage text loads without the MCP server. */
export const DEFAULT_PORT = 7345;
