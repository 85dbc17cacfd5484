/**
 * Tool context
 * ============
 * What every tool call receives: the workspace and a freshness gate. Answers must match the
 * files on disk, so a call first waits for the initial index and, when the last index is older
 * than `refreshMs`, for an incremental one (a walk plus mtime checks: cheap, and coalesced when
 * several calls arrive together). The host starts the first index; nothing here blocks the
 * MCP initialize handshake. A host that keeps the graph current itself (the VS Code extension,
 * with its own file watchers and first index) passes `follow`: calls then wait for that and
 * never walk the folder.
 *
 * Once a complete graph exists (an index finished, or a snapshot was restored), a call waits for
 * a running index or update at most `waitMs` (default 40 ms: an edit's update is done by then),
 * then answers from the graph as it is and says so (`behind`). The code graph is swapped in one
 * synchronous step (assembler.update), so what a query reads between two turns is one consistent
 * graph, never half of an update: during a full reindex agents keep their answers in milliseconds.
 */
import type { IndexReport, Workspace } from '../core/workspace';

export type Logger = (level: 'debug' | 'info' | 'warn' | 'error', message: string) => void;

export interface ToolContextOptions {
  /** Re-check the files on disk before a query when the last index started longer ago (default 2000 ms). */
  refreshMs?: number;
  log?: Logger;
  /**
   * The host follows the disk: resolves when the index and updates it has started are done.
   * When set, fresh() waits for this (and for a reindex running here) instead of re-walking.
   */
  follow?: () => Promise<void>;
  /** How long a call waits for a running index before it answers from the last complete graph (default 40 ms). */
  waitMs?: number;
}

/** How current an answer is: `behind` when it was read while a newer graph was being built. */
export interface Freshness {
  behind: boolean;
  /** When the graph answered from was last complete (ISO), if known. */
  asOf?: string;
}

const timeout = (ms: number): Promise<'timeout'> => new Promise((resolve) => setTimeout(() => resolve('timeout'), ms).unref?.());

export class ToolContext {
  private running: Promise<IndexReport | undefined> | undefined;
  private lastStarted = Number.NEGATIVE_INFINITY;
  private readonly refreshMs: number;
  private readonly log: Logger;
  private readonly follow: (() => Promise<void>) | undefined;
  private readonly extras: (() => Promise<void>)[] = [];
  private readonly waitMs: number;

  constructor(
    readonly ws: Workspace,
    options: ToolContextOptions = {},
  ) {
    this.refreshMs = options.refreshMs ?? 2000;
    this.log = options.log ?? (() => undefined);
    this.follow = options.follow;
    this.waitMs = options.waitMs ?? 40;
  }

  /** An index is running right now. */
  get indexing(): boolean {
    return this.running !== undefined;
  }

  /** Also run before every answer, after the graph is current (the memory toolset links its notes). */
  onFresh(fn: () => Promise<void>): void {
    this.extras.push(fn);
  }

  /**
   * Waits until the graph reflects the disk (runs an incremental index when it may not).
   * `docs: false`: for an answer that reads no document, restored documents stay unlinked.
   */
  async fresh(options: { docs?: boolean } = {}): Promise<Freshness> {
    const behind = await this.freshGraph();
    // Documents a restart left unlinked: answers read their nodes from the graph. Waiting for
    // the pass in slices keeps a host that serves this endpoint responsive meanwhile.
    if (options.docs !== false) await this.ws.docs.linkDeferredInSlices();
    for (const fn of this.extras) {
      try {
        await fn();
      } catch (err) {
        this.log('warn', `before answering: ${(err as Error).message}`);
      }
    }
    const asOf = this.ws.completeAt;
    return { behind, ...(asOf !== undefined ? { asOf } : {}) };
  }

  /** Waits for the graph to reflect the disk; true when it answers before a running index is done. */
  private async freshGraph(): Promise<boolean> {
    if (this.running) return this.within(this.running);
    if (this.follow) return this.within(this.follow());
    // A watcher keeps the graph current: wait for the updates it has started, walk nothing.
    if (this.ws.watching && this.lastStarted > Number.NEGATIVE_INFINITY) return this.ws.isSettled ? false : this.within(this.ws.settled());
    if (Date.now() - this.lastStarted < this.refreshMs) return false;
    // A freshness check this call starts (a walk and mtime checks) is waited for: the answer must show the disk.
    await this.refresh();
    return false;
  }

  /** Waits for `work`, only `waitMs` when a complete graph can answer meanwhile. */
  private async within(work: Promise<unknown>): Promise<boolean> {
    if (!this.ws.hasCompleteGraph) {
      await work;
      return false;
    }
    return (await Promise.race([work.then(() => 'done' as const), timeout(this.waitMs)])) === 'timeout';
  }

  /** Starts an index (or joins the running one). Never rejects: a failed index leaves the old graph. */
  refresh(full = false): Promise<IndexReport | undefined> {
    if (this.running && !full) return this.running;
    const previous = this.running ?? Promise.resolve(undefined);
    const run = previous.then(async () => {
      this.lastStarted = Date.now();
      try {
        const report = await this.ws.index({ full });
        if (report.parsed > 0 || report.removed > 0) this.log('info', `indexed: ${report.parsed} parsed, ${report.removed} removed, ${report.files} files in ${report.durationMs} ms`);
        return report;
      } catch (err) {
        this.log('error', `indexing failed: ${(err as Error).message}`);
        return undefined;
      }
    });
    this.running = run;
    void run.finally(() => {
      if (this.running === run) this.running = undefined;
    });
    return run;
  }
}

/**
 * State a toolset keeps per context, not as a module singleton: each host (and each test) has
 * its own. Made on first use, dropped with the context.
 */
export function perContext<T extends object>(init: () => T): (ctx: ToolContext) => T {
  const states = new WeakMap<ToolContext, T>();
  return (ctx) => {
    let state = states.get(ctx);
    if (!state) {
      state = init();
      states.set(ctx, state);
    }
    return state;
  };
}
