/**
 * kg-memory CLI
 * =============
 * Argument parsing only: each command is an exported function in commands/. Exit codes:
 * 0 answered, 1 no answer (unknown or ambiguous symbol; the JSON error is on stderr),
 * 2 usage or configuration error. Commands load lazily (see below): keep this file's imports light.
 */
import { parseArgs } from 'node:util';
import type { ParseArgsConfig } from 'node:util';
import { version } from '../../package.json';
import { CLIENTS } from '../mcp/client_config';
import { EXIT, UsageError } from './commands/exit';
import type { ExitCode } from './commands/exit';
import { DEFAULT_PORT } from './commands/serve_port';
import { toolList } from './commands/tool_list';

// Each command's module is imported when it runs: the engine, the MCP SDK, the LLM layer and the
// document readers are separate chunks of the bundle, so `--help` and `config` start at once.
type Options = NonNullable<ParseArgsConfig['options']>;

const ROOT = { root: { type: 'string' }, help: { type: 'boolean', short: 'h' } } as const satisfies Options;

interface Command {
  usage: string;
  options: Options;
  positionals?: boolean;
  run(values: Record<string, string | boolean | undefined>, positionals: string[], rest: string[]): Promise<ExitCode> | ExitCode;
}

const str = (v: string | boolean | undefined): string | undefined => (typeof v === 'string' ? v : undefined);

const COMMANDS: Record<string, Command> = {
  index: {
    usage: 'kg-memory index [--root DIR] [--full] [--json]\n\nIndex the folder (only changed files unless --full) and print a summary:\nfiles, nodes and edges by kind, parse errors, skipped files with reasons, time.',
    options: { ...ROOT, full: { type: 'boolean' }, json: { type: 'boolean' } },
    run: async (v) => (await import('./commands/index_command')).indexCommand({ root: str(v.root), full: v.full === true, json: v.json === true }),
  },
  query: {
    usage: `kg-memory query <tool> <target...> [--option value ...] [--root DIR] [--pretty]\n\nRun one MCP tool and print its JSON answer. Options map onto the tool's\narguments (--max-lines 5, --edges calls,imports). kg-memory query <tool> --help\nlists a tool's options. Tools:\n${toolList()}\n\nExample: kg-memory query callers Client.send --depth 2`,
    options: {},
    run: async (_v, _p, rest) => (await import('./commands/query')).queryCommand(rest[0], rest.slice(1)),
  },
  mcp: {
    usage: 'kg-memory mcp [--root DIR] [--no-memory]\n\nServe the MCP tools on stdio (for an agent to start). Logs go to stderr.\n--no-memory leaves out the agent-memory tools (also KG_MEMORY_MEMORY=off).',
    options: { ...ROOT, 'no-memory': { type: 'boolean' } },
    run: async (v) => (await import('./commands/serve')).mcpCommand({ root: str(v.root), ...(v['no-memory'] === true ? { memory: false } : {}) }),
  },
  serve: {
    usage: `kg-memory serve [--root DIR] [--port N | --socket PATH] [--no-memory] [--ui [--ui-port N]]\n\nServe MCP over Streamable HTTP on 127.0.0.1:PORT (default ${DEFAULT_PORT}) or a Unix\nsocket, at /mcp, with the bearer token kept in <root>/.kg-memory/token.\n--no-memory leaves out the agent-memory tools (also KG_MEMORY_MEMORY=off).\n--ui also serves the graph explorer, read-only, on 127.0.0.1:UI-PORT (default ${DEFAULT_PORT + 1});\nopen the link it prints (it carries the token).`,
    options: { ...ROOT, port: { type: 'string' }, socket: { type: 'string' }, 'no-memory': { type: 'boolean' }, ui: { type: 'boolean' }, 'ui-port': { type: 'string' } },
    run: async (v) => (await import('./commands/serve')).serveCommand({ root: str(v.root), port: str(v.port), socket: str(v.socket), ...(v['no-memory'] === true ? { memory: false } : {}), ui: v.ui === true, uiPort: str(v['ui-port']) }),
  },
  stats: {
    usage: 'kg-memory stats [--root DIR] [--json]\n\nBring the index up to date and print its status: counts by kind, languages,\nparse errors, skipped files, last index time.',
    options: { ...ROOT, json: { type: 'boolean' } },
    run: async (v) => (await import('./commands/stats')).statsCommand({ root: str(v.root), json: v.json === true }),
  },
  export: {
    usage: 'kg-memory export [--format json|mermaid|dot|scip|neo4j] [--level module|symbol|all] [--focus PREFIX] [--max-nodes N] [-o FILE|DIR] [--force] [--root DIR]\n\nWrite the graph: module level = files, packages and imports; symbol level =\ndefinitions and their calls, inheritance, methods, tests, references; all = every\nlayer (code, decisions, docs, memory, LLM nodes) with every attribute.\n--focus keeps nodes whose path or id starts with PREFIX, and their neighbours.\n--format scip -o index.scip: a SCIP index of the code (for Sourcegraph and other tools).\n--format neo4j -o DIR: neo4j-admin import CSV (a file per label and per relationship\ntype) and load.cypher for LOAD CSV, every layer; a non-empty DIR needs --force.',
    options: { ...ROOT, format: { type: 'string' }, level: { type: 'string' }, focus: { type: 'string' }, output: { type: 'string', short: 'o' }, 'max-nodes': { type: 'string' }, force: { type: 'boolean' } },
    run: (v) =>
      import('./commands/export').then(({ exportCommand }) => exportCommand({ root: str(v.root), format: str(v.format), level: str(v.level), focus: str(v.focus), output: str(v.output), maxNodes: str(v['max-nodes']), force: v.force === true })),
  },
  changes: {
    usage: 'kg-memory changes [--base REF] [--head REF] [--staged] [--format json|markdown] [--depth N] [--limit N] [--root DIR]\n\nWhat a git diff touches: changed files and definitions (added, modified, renamed,\nremoved), their callers and dependents to --depth (default 2), the tests to run, the\ndecisions that govern them, record mentions made stale, docs that mention them.\nDefault: the working tree against HEAD. --base/--head: two refs. --staged: the index.\n--format markdown: a review summary for a pull request.',
    options: { ...ROOT, base: { type: 'string' }, head: { type: 'string' }, staged: { type: 'boolean' }, format: { type: 'string' }, depth: { type: 'string' }, limit: { type: 'string' } },
    run: async (v) =>
      (await import('./commands/changes')).changesCommand({ root: str(v.root), base: str(v.base), head: str(v.head), staged: v.staged === true, format: str(v.format), depth: str(v.depth), limit: str(v.limit) }),
  },
  ask: {
    usage: 'kg-memory ask "question" [--root DIR] [--json]\n\nAnswer a question from the graph with a language model (the optional LLM layer: off\nunless KG_LLM_ENABLED=true; endpoint from KG_LLM_BASE_URL, KG_LLM_MODEL and the key in\nOPENAI_API_KEY or the variable KG_LLM_API_KEY_ENV names). Why, what, where, with sources\n(path:line, ADR ids) checked against what the graph gave; exit 1 when the graph does not say.',
    options: { ...ROOT, json: { type: 'boolean' } },
    positionals: true,
    run: async (v, p) => (await import('./commands/ask')).askCommand(p.join(' '), { root: str(v.root), json: v.json === true }),
  },
  llm: {
    usage: 'kg-memory llm status|extract [--root DIR] [--json] [--force] [--no-reconcile]\n\nThe optional LLM layer (off unless KG_LLM_ENABLED=true). status: on or off, the endpoint,\nwhat has been sent (requests, characters, per document). extract: decisions, concepts and\ntrade-offs from the ADRs (and doc sections) into the graph; unchanged documents come from\n<root>/.kg-memory/llm-cache.json and are not sent again; then same-meaning links.',
    options: { ...ROOT, json: { type: 'boolean' }, force: { type: 'boolean' }, 'no-reconcile': { type: 'boolean' } },
    positionals: true,
    run: async (v, p) => (await import('./commands/ask')).llmCommand(p[0], { root: str(v.root), json: v.json === true, force: v.force === true, reconcile: v['no-reconcile'] !== true }),
  },
  config: {
    usage: `kg-memory config <${CLIENTS.join('|')}> [--root DIR] [--command CMD]\n\nPrint the MCP configuration for a client to run kg-memory mcp --root <abs root>.`,
    options: { ...ROOT, command: { type: 'string' } },
    positionals: true,
    run: async (v, p) => (await import('./commands/config')).configCommand(p[0], { root: str(v.root), command: str(v.command) }),
  },
};

const MAIN_USAGE = `kg-memory ${version}: a code knowledge graph for coding agents

Usage: kg-memory <command> [options]    (kg-memory <command> --help for more)

Commands:
  index    index a folder and print a summary
  query    run one MCP tool from the shell (same answers as over MCP)
  mcp      serve MCP on stdio
  serve    serve MCP over HTTP on 127.0.0.1 or a Unix socket
  stats    print the index status
  export   write the graph as JSON, Mermaid, DOT, a SCIP index or Neo4j CSV
  changes  what a git diff touches: definitions, callers, tests, decisions
  ask      answer a question from the graph with a language model (optional, off by default)
  llm      the LLM layer: status, extract
  config   print a client's MCP configuration (${CLIENTS.join(', ')})`;

async function main(argv: string[]): Promise<ExitCode> {
  const [name, ...rest] = argv;
  if (name === undefined || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(`${MAIN_USAGE}\n`);
    return name === undefined ? EXIT.usage : EXIT.ok;
  }
  if (name === '--version' || name === '-v') {
    process.stdout.write(`${version}\n`);
    return EXIT.ok;
  }
  const command = COMMANDS[name];
  if (!command) throw new UsageError(`unknown command ${JSON.stringify(name)}; run kg-memory --help`);
  if (name === 'query') {
    if (rest.length === 0 || rest[0] === '--help' || rest[0] === '-h') {
      process.stdout.write(`${command.usage}\n`);
      return rest.length === 0 ? EXIT.usage : EXIT.ok;
    }
    return command.run({}, [], rest);
  }
  let parsed;
  try {
    parsed = parseArgs({ args: rest, options: command.options, allowPositionals: command.positionals === true, strict: true });
  } catch (err) {
    throw new UsageError(`${name}: ${(err as Error).message}; see kg-memory ${name} --help`);
  }
  if (parsed.values.help === true) {
    process.stdout.write(`${command.usage}\n`);
    return EXIT.ok;
  }
  return command.run(parsed.values as Record<string, string | boolean | undefined>, parsed.positionals, rest);
}

main(process.argv.slice(2)).then(
  (code) => {
    process.exitCode = code;
  },
  (err: unknown) => {
    if (err instanceof UsageError) {
      process.stderr.write(`kg-memory: ${err.message}\n`);
      process.exitCode = EXIT.usage;
    } else {
      process.stderr.write(`kg-memory: ${(err as Error).stack ?? String(err)}\n`);
      process.exitCode = EXIT.noAnswer;
    }
  },
).finally(() => {
  // Everything is closed by now; should a stray handle remain, do not hang the shell.
  setTimeout(() => process.exit(), 3000).unref();
});
