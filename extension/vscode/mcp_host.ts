/**
 * MCP endpoint in the editor
 * ==========================
 * Serves each workspace folder's live graph to agents, through the core's EndpointHost
 * (extension/mcp/host.ts): Streamable HTTP on 127.0.0.1 at the folder's stable port (a hash of
 * its path into 7400–7999, or `kgMemory.mcp.port`; a port held by another program → the next
 * free one, logged), or a Unix socket (`kgMemory.mcp.socket`), with the folder's bearer token
 * and the core's Host/Origin checks and body limits. The tools answer from the FolderIndex's
 * Workspace, which the extension's watchers keep current, so a call waits only for the index or
 * updates already running, never for a walk of the folder.
 *
 * The endpoint is published in `.kg-memory/endpoint.json` for `kg-memory mcp` to attach to.
 * Two windows on one folder: the second finds the first's live endpoint and ATTACHES (it does
 * not serve; it still indexes for its own CodeLens and hovers), registers the first's endpoint
 * for its agents, and takes over within a few seconds when the first window closes. A discovery
 * file left by a crashed window (dead pid, or nothing answering) is ignored and replaced.
 *
 * VS Code's own agents get the endpoints through lm.registerMcpServerDefinitionProvider (id
 * `kgMemory.mcpServers`, declared in package.json): an HTTP definition with the Authorization
 * header, or on a socket a stdio definition running `kg-memory mcp`, which attaches. Absent API
 * (older VS Code, some code-server builds): logged, everything else works.
 *
 * Failures (ports taken, socket not writable) are logged and shown once as a warning; the rest
 * of the extension keeps working. `kgMemory.mcp.*` changes restart the endpoints, no reload.
 */
import { basename, extname, isAbsolute, join } from 'node:path';
import * as vscode from 'vscode';
import { version } from '../../package.json';
import { configureMemory, ToolContext } from '../mcp';
import { configureLlm } from '../mcp/tools/llm';
import { readLlmSettings, SECRET_KEY, UNTRUSTED_REASON } from './llm_provider';
import type { Logger } from '../mcp';
import { EndpointHost } from '../mcp/host';
import type { EndpointState } from '../mcp/host';
import { readSettings } from './config';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { readMemorySettings } from './memory_commands';

export const MCP_PROVIDER_ID = 'kgMemory.mcpServers';

/** Resolves when the folder's first index and the updates started so far are done. */
async function indexed(folder: FolderIndex): Promise<void> {
  // 'idle': the first index is queued behind other folders' (they share two cores).
  if (folder.state.kind === 'idle' || folder.state.kind === 'indexing') {
    await new Promise<void>((resolve) => {
      const sub = folder.onDidChangeState((s) => {
        if (s.kind === 'idle' || s.kind === 'indexing') return;
        sub.dispose();
        resolve();
      });
    });
  }
  await folder.ws.settled();
}

/** The socket path for this folder: `${workspaceFolderBasename}` expanded; relative to the folder; one per folder. */
function socketFor(setting: string, folder: FolderIndex, shared: boolean): string {
  let path = setting.replace(/\$\{workspaceFolderBasename\}/g, folder.folder.name);
  if (!isAbsolute(path)) path = join(folder.ws.root, path);
  // One path for several folders would make all but one fail: later folders get their name added.
  if (shared && folder.folder.index > 0 && !setting.includes('${workspaceFolderBasename}')) {
    const ext = extname(path);
    path = `${path.slice(0, path.length - ext.length)}.${basename(folder.ws.root)}${ext}`;
  }
  return path;
}

interface FolderEndpoint {
  folder: FolderIndex;
  host: EndpointHost | undefined;
  /** Restarts run one after another. */
  chain: Promise<void>;
}

export function registerMcpHost(ctx: Ctx): void {
  const endpoints = new Map<FolderIndex, FolderEndpoint>();
  const changed = new vscode.EventEmitter<void>();
  ctx.pushExtCleanup(changed);
  const warned = new Set<string>();

  const warnOnce = (folder: FolderIndex, message: string): void => {
    const key = `${folder.folder.uri.toString()}\n${message}`;
    if (warned.has(key)) return;
    warned.add(key);
    void vscode.window.showWarningMessage(`KG Memory (${folder.folder.name}): ${message}. Agents can still run \`kg-memory mcp\`, which indexes on its own.`, 'Open Log').then((pick) => {
      if (pick) ctx.log.show();
    });
  };

  const start = async (entry: FolderEndpoint): Promise<void> => {
    const { folder } = entry;
    const settings = readSettings(folder.folder).mcp;
    if (!settings.enabled) {
      ctx.log.info(`${folder.folder.name}: MCP endpoint off (kgMemory.mcp.enabled is false); agents can still run kg-memory mcp`);
      return;
    }
    const log: Logger = (level, message) => ctx.log[level](`${folder.folder.name}: ${message}`);
    const context = new ToolContext(folder.ws, { log, follow: () => indexed(folder) });
    // The same memory file as the editor's notes (memory_commands.ts), hence the same AgentMemory.
    const memory = readMemorySettings(folder.folder);
    configureMemory(context, { enabled: memory.enabled, ...(memory.file ? { file: memory.file } : {}), log: (level, message) => log(level, message) });
    // The LLM toolset follows the editor's settings, key and trust, not the environment (off by default).
    const llm = readLlmSettings(folder.folder);
    const apiKey = (await ctx.extCtx.secrets.get(SECRET_KEY)) ?? process.env[llm.apiKeyEnv];
    configureLlm(context, {
      settings: llm,
      ...(apiKey ? { apiKey } : {}),
      ...(vscode.workspace.isTrusted ? {} : { blockedBy: UNTRUSTED_REASON }),
      log: (level, message) => log(level, message),
    });
    const shared = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    const host = new EndpointHost({
      ws: folder.ws,
      context,
      version,
      log,
      ...(settings.socket ? { socket: socketFor(settings.socket, folder, shared) } : settings.port ? { port: settings.port } : {}),
    });
    entry.host = host;
    host.onDidChange((state: EndpointState) => {
      if (state.kind === 'failed') warnOnce(folder, state.message);
      changed.fire();
    });
    await host.start();
  };

  const stop = async (entry: FolderEndpoint): Promise<void> => {
    const host = entry.host;
    entry.host = undefined;
    await host?.dispose();
    changed.fire();
  };

  const restart = (entry: FolderEndpoint): void => {
    entry.chain = entry.chain.then(() => stop(entry)).then(() => start(entry)).catch((err: unknown) => ctx.log.error(`${entry.folder.folder.name}: MCP: ${(err as Error).stack ?? String(err)}`));
  };

  const sync = (): void => {
    for (const folder of ctx.allFolders()) {
      if (endpoints.has(folder)) continue;
      const entry: FolderEndpoint = { folder, host: undefined, chain: Promise.resolve() };
      endpoints.set(folder, entry);
      // Lives as long as this FolderIndex: closed with the folder, or when indexing settings reopen it.
      ctx.pushFolderCleanup(folder, {
        dispose: () => {
          endpoints.delete(folder);
          void stop(entry);
        },
      });
      restart(entry);
    }
  };

  ctx.pushExtCleanup(ctx.onDidChangeFolders(sync));
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeConfiguration((e) => {
      for (const entry of endpoints.values()) {
        if (e.affectsConfiguration('kgMemory.mcp', entry.folder.folder.uri) || e.affectsConfiguration('kgMemory.memory', entry.folder.folder.uri)) restart(entry);
      }
    }),
  );
  // Extension shutdown: the discovery files go synchronously (dispose starts with that).
  ctx.pushExtCleanup({
    dispose: () => {
      for (const entry of endpoints.values()) void entry.host?.dispose();
      endpoints.clear();
    },
  });
  sync();
  registerDefinitions(ctx, endpoints, changed.event);
}

/** Copilot agent mode and other VS Code agents see each folder's endpoint with no configuration. */
function registerDefinitions(ctx: Ctx, endpoints: Map<FolderIndex, FolderEndpoint>, onChange: vscode.Event<void>): void {
  const lm = (vscode as { lm?: Partial<typeof vscode.lm> }).lm;
  if (typeof lm?.registerMcpServerDefinitionProvider !== 'function' || typeof vscode.McpHttpServerDefinition !== 'function') {
    ctx.log.info('MCP: this editor has no vscode.lm.registerMcpServerDefinitionProvider; its agents can use `kg-memory mcp` (see the README), which attaches to this window');
    return;
  }
  const cli = ctx.extCtx.asAbsolutePath(join('dist', 'cli.js'));
  const provider: vscode.McpServerDefinitionProvider = {
    onDidChangeMcpServerDefinitions: onChange,
    provideMcpServerDefinitions: () => {
      const many = endpoints.size > 1;
      const defs: vscode.McpServerDefinition[] = [];
      for (const { folder, host } of endpoints.values()) {
        const state = host?.state;
        if (state?.kind !== 'serving' && state?.kind !== 'attached') continue;
        const label = many ? `KG Memory (${folder.folder.name})` : 'KG Memory';
        if (state.address.socket) {
          // VS Code's HTTP client cannot reach a Unix socket: the stdio command attaches to it instead.
          defs.push(new vscode.McpStdioServerDefinition(label, process.execPath, [cli, 'mcp', '--root', folder.ws.root], { ELECTRON_RUN_AS_NODE: '1' }, version));
        } else {
          defs.push(new vscode.McpHttpServerDefinition(label, vscode.Uri.parse(state.address.url), { Authorization: `Bearer ${state.address.token}` }, version));
        }
      }
      return defs;
    },
  };
  ctx.pushExtCleanup(lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider));
  ctx.log.info(`MCP: endpoints registered for VS Code agents (provider ${MCP_PROVIDER_ID})`);
}
