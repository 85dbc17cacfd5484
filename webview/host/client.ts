/**
 * Explorer client
 * ===============
 * The one object components talk to the host through: methods (`open`, `reindex`, `follow`,
 * `save`), never postMessage. Requests carry a number and their reply is matched to it. The same
 * client serves both hosts; a transport hides whether the other side is VS Code (postMessage) or
 * `kg-memory serve --ui` (a read-only HTTP API, see http_transport.ts).
 */
import type { ExportFormat, HostMessage, ViewMessage } from '../../extension/protocol';

export interface Reply {
  ok: boolean;
  message?: string;
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
        resolve?.(m.message === undefined ? { ok: m.ok } : { ok: m.ok, message: m.message });
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

  save(format: ExportFormat, data: string): Promise<Reply> {
    return this.request({ type: 'export', format, data });
  }
}
