/**
 * Browser transport (kg-memory serve --ui)
 * ========================================
 * A read-only host over HTTP. The bearer token arrives in the URL fragment (never sent to the
 * server, never in a Referer), is kept in sessionStorage and removed from the address bar. The
 * graph comes from GET /api/graph; GET /api/version is polled and, when it moves, the graph is
 * fetched again and the difference delivered as a diff, as VS Code would push it. Opening files and
 * reindexing are refused politely; exports are downloaded by the page itself.
 *
 * A partial graph (the server sent its overview) grows by slices: `expand` fetches the symbols of
 * a file or module from /api/expand and delivers them as a diff; the slices are fetched again with
 * the overview when the version moves, so live changes reach what is loaded. Search goes to
 * /api/search, over the whole graph.
 */
import { UI_API, type HostMessage, type UiExpandResponse, type UiGraphResponse, type UiQueryResponse, type UiSearchResponse, type UiVersionResponse, type ViewMessage } from '../../extension/protocol/messages';
import { composeWireGraph, diffWireGraphs, isEmptyDiff, type WireGraph, type WireSlice } from '../../extension/protocol/wire_graph';
import type { Transport } from './client';

const POLL_MS = 2000;

export function takeToken(): string {
  const m = /(?:^#|&)token=([0-9a-f]+)/.exec(window.location.hash);
  if (m) {
    sessionStorage.setItem('kg-memory-token', m[1]!);
    history.replaceState(null, '', window.location.pathname + window.location.search);
    return m[1]!;
  }
  return sessionStorage.getItem('kg-memory-token') ?? '';
}

function download(name: string, data: string): void {
  const href = data.startsWith('data:') ? data : URL.createObjectURL(new Blob([data], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  if (!data.startsWith('data:')) setTimeout(() => URL.revokeObjectURL(href), 1000);
}

export function httpTransport(token: string): Transport {
  let listener: (m: HostMessage) => void = () => undefined;
  let graph: WireGraph | undefined;
  let version = -1;
  let partial = false;
  let overview: WireGraph = { nodes: [], edges: [] };
  /** The slices expanded so far, by the id that was expanded. */
  const slices = new Map<string, WireSlice>();
  const get = async <T>(path: string): Promise<T> => {
    const res = await fetch(path, { headers: { authorization: `Bearer ${token}` }, cache: 'no-store' });
    if (res.status === 401) throw new Error('The token is missing or wrong: open the link kg-memory serve --ui printed.');
    if (!res.ok) {
      // The server's own words when it gives them ({ error }), else the status.
      const said = (await res.json().catch(() => undefined)) as { error?: unknown } | undefined;
      throw new Error(typeof said?.error === 'string' ? said.error : `${path}: HTTP ${res.status}`);
    }
    return (await res.json()) as T;
  };
  const slice = async (id: string): Promise<UiExpandResponse> => get<UiExpandResponse>(`${UI_API.expand}?id=${encodeURIComponent(id)}`);
  /** Delivers the difference between what the page has and the overview with its slices. */
  const deliver = (totals?: UiGraphResponse['totals']): void => {
    const next = composeWireGraph(overview, slices.values());
    if (graph !== undefined) {
      const diff = diffWireGraphs(graph, next);
      if (!isEmptyDiff(diff)) listener(totals ? { type: 'diff', diff, totals } : { type: 'diff', diff });
    }
    graph = next;
  };
  const load = async (): Promise<void> => {
    const r = await get<UiGraphResponse>(UI_API.graph);
    version = r.version;
    partial = r.totals.partial;
    overview = r.graph;
    if (partial) {
      const again = await Promise.all([...slices.keys()].map(async (id) => [id, await slice(id).catch(() => undefined)] as const));
      for (const [id, s] of again) {
        if (s) slices.set(id, s.slice);
        else slices.delete(id);
      }
    } else slices.clear();
    if (graph === undefined) {
      graph = composeWireGraph(overview, slices.values());
      listener({ type: 'init', host: { kind: 'browser', folder: r.folder, largeGraph: r.largeGraph }, graph, state: r.state, totals: r.totals });
    } else {
      deliver(r.totals);
      listener({ type: 'state', state: r.state });
    }
  };
  const expand = async (id: string): Promise<void> => {
    if (!partial || slices.has(id)) return;
    const s = await slice(id);
    slices.set(id, s.slice);
    // The graph moved since the overview: fetch it all again, this slice with it.
    if (s.version !== version) await load();
    else deliver();
  };
  const poll = async (): Promise<void> => {
    try {
      const v = await get<UiVersionResponse>(UI_API.version);
      if (v.version !== version) await load();
      else listener({ type: 'state', state: v.state });
    } catch {
      // The server may be restarting; the next poll tries again.
    }
    setTimeout(() => void poll(), POLL_MS);
  };
  const reply = (req: number, ok: boolean, message?: string): void => listener(message === undefined ? { type: 'reply', req, ok } : { type: 'reply', req, ok, message });
  return {
    listen: (fn) => {
      listener = fn;
    },
    send: (m: ViewMessage) => {
      switch (m.type) {
        case 'ready':
          load().then(
            () => setTimeout(() => void poll(), POLL_MS),
            (err: unknown) => listener({ type: 'state', state: { kind: 'error', message: (err as Error).message } }),
          );
          return;
        case 'open':
          reply(m.req, false, 'This page is read-only: open the file in your editor.');
          return;
        case 'reindex':
          reply(m.req, false, 'This page is read-only: run `kg-memory index` in the folder, the page follows.');
          return;
        case 'export':
          download(`kg-memory-graph.${m.format}`, m.data);
          reply(m.req, true);
          return;
        case 'follow':
        case 'highlighted': // the page has no host that highlights
          return;
        case 'expand':
          expand(m.id).then(
            () => reply(m.req, true),
            (err: unknown) => reply(m.req, false, (err as Error).message),
          );
          return;
        case 'query':
          get<UiQueryResponse>(`${UI_API.query}?kind=${m.query}&id=${encodeURIComponent(m.id)}${m.to !== undefined ? `&to=${encodeURIComponent(m.to)}` : ''}`).then(
            (r) => listener({ type: 'reply', req: m.req, ok: r.answer.ids.length > 0, answer: r.answer, ...(r.message ? { message: r.message } : {}) }),
            (err: unknown) => reply(m.req, false, (err as Error).message),
          );
          return;
        case 'search':
          get<UiSearchResponse>(`${UI_API.search}?q=${encodeURIComponent(m.query)}&limit=${m.limit}`).then(
            (r) => listener({ type: 'reply', req: m.req, ok: true, hits: r.hits }),
            (err: unknown) => reply(m.req, false, (err as Error).message),
          );
          return;
      }
    },
  };
}
