/**
 * Explorer client
 * ===============
 * The one object components talk to the host through: methods (`open`, `reindex`, `follow`,
 * `expand`, `search`, `highlighted`, `save`), never postMessage. Requests carry a number and their reply is matched to it. The same
 * client serves both hosts; a transport hides whether the other side is VS Code (postMessage) or
 * `kg-memory serve --ui` (a read-only HTTP API, see http_transport.ts).
 */
import type { ExportFormat, HostMessage, ViewMessage, WireAnswer, WireHit } from '../../extension/protocol/messages';

export interface Reply {
  ok: boolean;
  message?: string;
  hits?: WireHit[];
  answer?: WireAnswer;
}

/** What carries messages; `send` of a request resolves through a `reply` message. */
export interface Transport {
  send(m: ViewMessage): void;
  listen(fn: (m: HostMessage) => void): void;
}

type RequestMessage = Extract<ViewMessage, { req: number }>;
type Distribute<T> = T extends unknown ? Omit<T, 'req'> : never;

export class ExplorerClient {
  private nextReq = 1;
  private readonly pending = new Map<number, (r: Reply) => void>();
  private readonly listeners = new Set<(m: HostMessage) => void>();

  constructor(private readonly transport: Transport) {
    transport.listen((m) => {
      if (m.type === 'reply') {
        const resolve = this.pending.get(m.req);
        this.pending.delete(m.req);
        resolve?.({ ok: m.ok, ...(m.message !== undefined ? { message: m.message } : {}), ...(m.hits !== undefined ? { hits: m.hits } : {}), ...(m.answer !== undefined ? { answer: m.answer } : {}) });
        return;
      }
      for (const fn of this.listeners) fn(m);
    });
  }

  /** Host messages other than replies; returns the unsubscriber. */
  onMessage(fn: (m: HostMessage) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  ready(): void {
    this.transport.send({ type: 'ready' });
  }

  private request(m: Distribute<RequestMessage>): Promise<Reply> {
    const req = this.nextReq++;
    return new Promise((resolve) => {
      this.pending.set(req, resolve);
      this.transport.send({ ...m, req } as RequestMessage);
    });
  }

  /** Reveal the node's definition in the editor. */
  open(id: string): Promise<Reply> {
    return this.request({ type: 'open', id });
  }

  reindex(): Promise<Reply> {
    return this.request({ type: 'reindex' });
  }

  follow(on: boolean): void {
    this.transport.send({ type: 'follow', on });
  }

  /** Loads the symbols of the node's file (or module) into a partial graph; they arrive as a diff first. */
  expand(id: string): Promise<Reply> {
    return this.request({ type: 'expand', id });
  }

  /** Searches the whole graph on the host. */
  async search(query: string, limit: number): Promise<WireHit[]> {
    const r = await this.request({ type: 'search', query, limit });
    return r.ok ? (r.hits ?? []) : [];
  }

  /** Callers or impact of a node, or the path from it to another: the host's core queries (its files are loaded first). */
  query(query: 'callers' | 'impact' | 'path', id: string, to?: string): Promise<Reply> {
    return this.request(to === undefined ? { type: 'query', query, id } : { type: 'query', query, id, to });
  }

  /** Tells the host how much of its highlight is drawn (or that the person cleared it: label ''). */
  highlighted(label: string, shown: number): void {
    this.transport.send({ type: 'highlighted', label, shown });
  }

  save(format: ExportFormat, data: string): Promise<Reply> {
    return this.request({ type: 'export', format, data });
  }
}
