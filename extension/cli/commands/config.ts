/**
 * config command
 * ==============
 * Prints the MCP configuration that makes a client start `kg-memory mcp --root <abs root>`,
 * in that client's own current format. The snippet goes to stdout (so it can be redirected);
 * where to put it goes to stderr.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT, UsageError } from './common';
import type { ExitCode } from './common';

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

export function configSnippet(client: Client, root: string, command = NAME): ConfigSnippet {
  const args = ['mcp', '--root', root];
  const json = (v: unknown): string => JSON.stringify(v, null, 2);
  switch (client) {
    case 'claude':
      return {
        where: `Claude Code: merge into .mcp.json at the project root (or run: claude mcp add --scope project ${NAME} -- ${[command, ...args].map(shellQuote).join(' ')})`,
        text: json({ mcpServers: { [NAME]: { type: 'stdio', command, args, env: {} } } }),
      };
    case 'cursor':
      return {
        where: 'Cursor: merge into .cursor/mcp.json in the project (or ~/.cursor/mcp.json for every project)',
        text: json({ mcpServers: { [NAME]: { command, args } } }),
      };
    case 'codex':
      return {
        where: `Codex: append to ~/.codex/config.toml (or run: codex mcp add ${NAME} -- ${[command, ...args].map(shellQuote).join(' ')})`,
        // JSON string escapes are valid TOML basic-string escapes.
        text: [`[mcp_servers.${NAME}]`, `command = ${JSON.stringify(command)}`, `args = [${args.map((a) => JSON.stringify(a)).join(', ')}]`].join('\n'),
      };
    case 'vscode':
      return {
        where: 'VS Code: merge into .vscode/mcp.json in the workspace',
        text: json({ servers: { [NAME]: { type: 'stdio', command, args } } }),
      };
    case 'opencode':
      return {
        where: 'opencode: merge into opencode.json at the project root (or ~/.config/opencode/opencode.json)',
        text: json({ $schema: 'https://opencode.ai/config.json', mcp: { [NAME]: { type: 'local', command: [command, ...args], enabled: true } } }),
      };
  }
}

export interface ConfigCommandOptions {
  root?: string;
  command?: string;
}

export function configCommand(client: string | undefined, options: ConfigCommandOptions): ExitCode {
  if (client === undefined || !(CLIENTS as readonly string[]).includes(client)) {
    throw new UsageError(`config: name a client: ${CLIENTS.join(', ')}${client === undefined ? '' : ` (got ${JSON.stringify(client)})`}`);
  }
  let root: string;
  try {
    root = realpathSync(resolve(options.root ?? process.cwd()));
  } catch {
    throw new UsageError(`config: ${options.root} does not exist; pass --root with the project folder`);
  }
  const snippet = configSnippet(client as Client, root, options.command);
  process.stderr.write(`# ${snippet.where}\n`);
  process.stdout.write(`${snippet.text}\n`);
  return EXIT.ok;
}
