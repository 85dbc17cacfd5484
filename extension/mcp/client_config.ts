/**
 * Client configuration
 * ====================
 * The MCP configuration that makes a client start `kg-memory mcp --root <abs root>`, in that
 * client's own current format. Pure: the CLI prints it (`kg-memory config`), the VS Code extension
 * copies it to the clipboard (Copy MCP Configuration).
 */

export const CLIENTS = ['claude', 'cursor', 'codex', 'vscode', 'opencode'] as const;
export type Client = (typeof CLIENTS)[number];

export interface ConfigSnippet {
  /** Where the snippet goes, and any one-line alternative. */
  where: string;
  text: string;
}

const NAME = 'kg-memory';

function shellQuote(s: string): string {
  return /^[A-Za-z0-9_./:=@%+-]+$/.test(s) ? s : `'${s.replace(/'/g, `'\\''`)}'`;
}

/**
 * `command` is the executable (`kg-memory`), or an argv prefix (`['node', '/ext/dist/cli.js']`)
 * when the CLI is not on the PATH: clients take an executable and its arguments, not a shell line.
 */
export function configSnippet(client: Client, root: string, command: string | readonly string[] = NAME): ConfigSnippet {
  const argv = typeof command === 'string' ? [command] : [...command];
  const exe = argv[0] ?? NAME;
  const args = [...argv.slice(1), 'mcp', '--root', root];
  const line = [exe, ...args].map(shellQuote).join(' ');
  const json = (v: unknown): string => JSON.stringify(v, null, 2);
  switch (client) {
    case 'claude':
      return {
        where: `Claude Code: merge into .mcp.json at the project root (or run: claude mcp add --scope project ${NAME} -- ${line})`,
        text: json({ mcpServers: { [NAME]: { type: 'stdio', command: exe, args, env: {} } } }),
      };
    case 'cursor':
      return {
        where: 'Cursor: merge into .cursor/mcp.json in the project (or ~/.cursor/mcp.json for every project)',
        text: json({ mcpServers: { [NAME]: { command: exe, args } } }),
      };
    case 'codex':
      return {
        where: `Codex: append to ~/.codex/config.toml (or run: codex mcp add ${NAME} -- ${line})`,
        // JSON string escapes are valid TOML basic-string escapes.
        text: [`[mcp_servers.${NAME}]`, `command = ${JSON.stringify(exe)}`, `args = [${args.map((a) => JSON.stringify(a)).join(', ')}]`].join('\n'),
      };
    case 'vscode':
      return {
        where: 'VS Code: merge into .vscode/mcp.json in the workspace',
        text: json({ servers: { [NAME]: { type: 'stdio', command: exe, args } } }),
      };
    case 'opencode':
      return {
        where: 'opencode: merge into opencode.json at the project root (or ~/.config/opencode/opencode.json)',
        text: json({ $schema: 'https://opencode.ai/config.json', mcp: { [NAME]: { type: 'local', command: [exe, ...args], enabled: true } } }),
      };
  }
}
