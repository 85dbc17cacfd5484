/**
 * Search for the hosts
 * ====================
 * A partial graph (above the explorer's size limit) holds only the overview in the webview, so
 * its search is answered by the host over the whole graph, with the explorer's own ranking
 * (search.ts): one ranking, whichever side runs it. The index is rebuilt only when the graph's
 * version moves. Pure: the VS Code session and `kg-memory serve --ui` both use it.
 */
import type { WireHit } from '../../extension/protocol/messages';
import type { GraphSource } from '../../extension/protocol/wire_graph';
import { buildSearchIndex, search, type SearchEntry, type SearchIndex } from './search';

export class GraphSearcher {
  private cached: { version: number; index: SearchIndex } | undefined;

  constructor(
    private readonly graph: () => GraphSource,
    private readonly version: () => number,
  ) {}

  search(query: string, limit: number): WireHit[] {
    const version = this.version();
    if (this.cached?.version !== version) {
      const entries: SearchEntry[] = [];
      this.graph().forEachNode((id, a) => entries.push(a.path === undefined ? { id, name: a.name, kind: a.kind } : { id, name: a.name, kind: a.kind, path: a.path }));
      this.cached = { version, index: buildSearchIndex(entries) };
    }
    return search(this.cached.index, query, limit);
  }
}
