/**
 * MCP under load, during a reindex
 * ================================
 * Issue 21: 50 concurrent MCP clients, each its own keep-alive connection, call search, callers
 * and impact back to back (no pause between calls) against `kg-memory serve` on a real corpus,
 * first with the graph idle, then while a full reindex runs (asked for by the SDK's own Client,
 * which also picks the targets). Prints p50/p99/max per tool, how many answers said they came
 * from the last complete graph (`indexing.behind`) and the server's CPU time per call. Then the
 * memory: peak RSS (VmHWM) of `kg-memory index` on the same folder against `serve` after its
 * first index and after the load.
 *
 * The 50 load clients speak MCP's Streamable HTTP themselves (initialize, the initialized
 * notification, then `tools/call` POSTs with the headers the SDK's client sends), because the
 * SDK's Client costs about 2.5 ms of CPU per call: fifty of them in this one process, on two
 * cores shared with the server, measured the load generator's own queue rather than the server
 * (the server sat idle more than half the time while p50 read 200 ms).
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { spawn } from 'node:child_process';
import { Agent, request } from 'node:http';
import { LATEST_PROTOCOL_VERSION } from '@modelcontextprotocol/sdk/types.js';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { cliEndpoint } from './measure_mcp';
import { errorText, percentile, REPO_ROOT, round } from './util';

export interface LoadLatency {
  tool: string;
  calls: number;
  errors: number;
  behind: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
}

export interface LoadFigure {
  corpus: string;
  clients: number;
  idle: LoadLatency[];
  duringReindex: LoadLatency[];
  reindexMs: number;
  /** The serve process's CPU time (user + system) per call while idle, in ms. */
  serverCpuMsPerCall: number;
  rss: { indexMb: number; serveAfterIndexMb: number; serveAfterLoadMb: number; ratio: number };
}

const TOOLS = ['search', 'callers', 'impact'] as const;
const CLI = join(REPO_ROOT, 'dist', 'cli.js');

/** Peak resident set (VmHWM) of a live process, in MB; undefined once it is gone. */
function peakRssMb(pid: number): number | undefined {
  try {
    const m = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Number(m[1]) / 1024 : undefined;
  } catch {
    return undefined;
  }
}

/** `kg-memory index` on the folder (no snapshot to start from), sampling its peak RSS until it exits. */
function indexPeakRss(root: string): Promise<number> {
  rmSync(join(root, '.kg-memory'), { recursive: true, force: true });
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, [CLI, 'index', '--root', root], { stdio: 'ignore' });
    let peak = 0;
    const timer = setInterval(() => (peak = Math.max(peak, peakRssMb(child.pid!) ?? 0)), 50);
    child.on('error', fail);
    child.on('exit', (code) => {
      clearInterval(timer);
      if (code === 0) done(peak);
      else fail(new Error(`kg-memory index exited with ${code}`));
    });
  });
}

/** CPU time (user + system) a live process has used, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

async function connect(url: string, token: string): Promise<Client> {
  const client = new Client({ name: 'kg-memory-load', version: '0.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(url), { requestInit: { headers: { Authorization: `Bearer ${token}` } } }));
  return client;
}

/** What a load client needs of a tool's answer. */
interface CallAnswer {
  isError?: boolean;
  structuredContent?: { indexing?: { behind?: boolean } };
}

/** A lean MCP client over Streamable HTTP: one keep-alive connection, JSON answers (see the header). */
export class LoadClient {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 });
  private nextId = 1;
  private constructor(
    private readonly url: URL,
    private readonly token: string,
  ) {}

  static async connect(url: string, token: string): Promise<LoadClient> {
    const client = new LoadClient(new URL(url), token);
    const init = await client.post({ jsonrpc: '2.0', id: client.nextId++, method: 'initialize', params: { protocolVersion: LATEST_PROTOCOL_VERSION, capabilities: {}, clientInfo: { name: 'kg-memory-load', version: '0.0.0' } } });
    if (!init || typeof init !== 'object' || !('result' in init)) throw new Error(`initialize failed: ${JSON.stringify(init).slice(0, 200)}`);
    await client.post({ jsonrpc: '2.0', method: 'notifications/initialized' });
    return client;
  }

  async callTool(name: string, args: Record<string, unknown>): Promise<CallAnswer> {
    const answer = (await this.post({ jsonrpc: '2.0', id: this.nextId++, method: 'tools/call', params: { name, arguments: args } })) as { result?: CallAnswer; error?: unknown } | undefined;
    if (!answer?.result) throw new Error(`tools/call ${name}: ${JSON.stringify(answer?.error ?? answer).slice(0, 200)}`);
    return answer.result;
  }

  close(): void {
    this.agent.destroy();
  }

  private post(message: unknown): Promise<unknown> {
    const body = JSON.stringify(message);
    return new Promise((done, fail) => {
      const req = request(
        this.url,
        {
          method: 'POST',
          agent: this.agent,
          headers: {
            authorization: `Bearer ${this.token}`,
            accept: 'application/json, text/event-stream',
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
            'mcp-protocol-version': LATEST_PROTOCOL_VERSION,
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8');
            if (res.statusCode === 202 && text === '') return done(undefined);
            try {
              done(JSON.parse(text));
            } catch {
              fail(new Error(`HTTP ${res.statusCode}: ${text.slice(0, 200)}`));
            }
          });
          res.on('error', fail);
        },
      );
      req.on('error', fail);
      req.end(body);
    });
  }
}

interface Sample {
  tool: string;
  ms: number;
  error: boolean;
  behind: boolean;
}

/** Each client cycles through the tools and targets until `until()` says stop (at least `minCalls` calls each). */
async function drive(clients: LoadClient[], args: Record<(typeof TOOLS)[number], Record<string, unknown>[]>, until: () => boolean, minCalls: number): Promise<Sample[]> {
  const samples: Sample[] = [];
  await Promise.all(
    clients.map(async (client, c) => {
      for (let i = 0; i < minCalls || !until(); i++) {
        const tool = TOOLS[(c + i) % TOOLS.length]!;
        const list = args[tool];
        const t0 = performance.now();
        let error = false;
        let behind = false;
        try {
          const r = await client.callTool(tool, list[(c * 7 + i) % list.length]!);
          error = r.isError === true;
          behind = r.structuredContent?.indexing?.behind === true;
        } catch {
          error = true;
        }
        samples.push({ tool, ms: performance.now() - t0, error, behind });
        if (i > 10_000) break;
      }
    }),
  );
  return samples;
}

function summarise(samples: readonly Sample[]): LoadLatency[] {
  return TOOLS.map((tool) => {
    const mine = samples.filter((s) => s.tool === tool);
    const ms = mine.map((s) => s.ms);
    return { tool, calls: mine.length, errors: mine.filter((s) => s.error).length, behind: mine.filter((s) => s.behind).length, p50Ms: round(percentile(ms, 50)), p99Ms: round(percentile(ms, 99)), maxMs: round(Math.max(0, ...ms)) };
  });
}

export async function measureLoad(corpus: string, root: string, clientsCount = 50): Promise<LoadFigure | { corpus: string; error: string }> {
  let indexMb: number;
  try {
    indexMb = await indexPeakRss(root);
  } catch (err) {
    return { corpus, error: `index: ${errorText(err)}` };
  }
  const endpoint = await cliEndpoint(root);
  if (typeof endpoint === 'string') return { corpus, error: endpoint };
  const clients: LoadClient[] = [];
  let admin: Client | undefined;
  try {
    admin = await connect(endpoint.url, endpoint.token);
    // Targets: the most-called symbols the search tool finds for a few common words of the corpus.
    const ids: string[] = [];
    const names: string[] = [];
    for (const query of ['get', 'save', 'render', 'clean', 'filter', 'resolve', 'as_sql', 'compile']) {
      const r = await admin.callTool({ name: 'search', arguments: { query, limit: 5 } }, undefined, { timeout: 300_000 });
      for (const item of (r.structuredContent as { items?: { id: string; kind?: string }[] } | undefined)?.items ?? []) {
        if (item.kind === 'function' || item.kind === 'method') ids.push(item.id);
      }
      names.push(query);
    }
    if (ids.length === 0) return { corpus, error: 'search found no functions to query' };
    const serveAfterIndexMb = peakRssMb(endpoint.pid) ?? 0;
    for (let i = 0; i < clientsCount; i++) clients.push(await LoadClient.connect(endpoint.url, endpoint.token));
    const args = { search: names.map((query) => ({ query, limit: 10 })), callers: ids.map((target) => ({ target })), impact: ids.map((target) => ({ target })) };

    // Warm-up (connections, the server's JIT), then the idle figure.
    await drive(clients, args, () => true, 3);
    const cpuBefore = cpuMs(endpoint.pid);
    const idleSamples = await drive(clients, args, () => true, 20);
    const serverCpuMsPerCall = (cpuMs(endpoint.pid) - cpuBefore) / idleSamples.length;
    const idle = summarise(idleSamples);

    let reindexing = true;
    const t0 = performance.now();
    const reindex = admin.callTool({ name: 'reindex', arguments: { full: true } }, undefined, { timeout: 600_000 }).finally(() => (reindexing = false));
    await new Promise((r) => setTimeout(r, 50));
    const during = await drive(clients, args, () => !reindexing, 3);
    await reindex;
    const reindexMs = performance.now() - t0;
    const serveAfterLoadMb = peakRssMb(endpoint.pid) ?? 0;
    return {
      corpus,
      clients: clientsCount,
      idle,
      duringReindex: summarise(during),
      reindexMs: Math.round(reindexMs),
      serverCpuMsPerCall: round(serverCpuMsPerCall, 2),
      rss: { indexMb: round(indexMb), serveAfterIndexMb: round(serveAfterIndexMb), serveAfterLoadMb: round(serveAfterLoadMb), ratio: round(serveAfterLoadMb / indexMb, 2) },
    };
  } catch (err) {
    return { corpus, error: errorText(err) };
  } finally {
    for (const c of clients) c.close();
    await admin?.close().catch(() => undefined);
    await endpoint.stop();
  }
}

export function renderLoad(f: LoadFigure | { corpus: string; error: string }): string[] {
  if ('error' in f) return [`MCP under load (${f.corpus}): n/a, ${f.error}`];
  const row = (l: LoadLatency): string => `  ${l.tool.padEnd(8)} ${String(l.calls).padStart(6)} calls  p50 ${String(l.p50Ms).padStart(7)} ms  p99 ${String(l.p99Ms).padStart(7)} ms  max ${String(l.maxMs).padStart(7)} ms  errors ${l.errors}  from the last complete graph ${l.behind}`;
  return [
    `MCP under load: ${f.clients} clients on ${f.corpus} (kg-memory serve, Streamable HTTP); target p99 <= 50 ms during a reindex`,
    ` idle graph (server CPU ${f.serverCpuMsPerCall} ms per call):`,
    ...f.idle.map(row),
    ` during a full reindex (${f.reindexMs} ms):`,
    ...f.duringReindex.map(row),
    `memory: index peak ${f.rss.indexMb} MB; serve ${f.rss.serveAfterIndexMb} MB after its first index, ${f.rss.serveAfterLoadMb} MB after the load: ${f.rss.ratio}x index (target <= 1.3x)`,
  ];
}
