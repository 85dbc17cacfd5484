/**
 * config command
 * ==============
 * Prints the MCP configuration that makes a client start `kg-memory mcp --root <abs root>`,
 * in that client's own current format. The snippet goes to stdout (so it can be redirected);
 * where to put it goes to stderr. The snippet is built by mcp/client_config, which the VS Code
 * extension shares.
 */
import { realpathSync } from 'node:fs';
import { resolve } from 'node:path';
import { EXIT, UsageError } from './exit';
import type { ExitCode } from './exit';
import { CLIENTS, configSnippet } from '../../mcp/client_config';
import type { Client } from '../../mcp/client_config';

export { CLIENTS, configSnippet } from '../../mcp/client_config';
export type { Client, ConfigSnippet } from '../../mcp/client_config';

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
