/**
 * Focus and neighbourhoods
 * ========================
 * Focus mode keeps the selected node and what is within N hops of it, over the edges and through
 * the nodes the filters show, in either direction. Hover uses depth 1 over the same edges.
 */
import type { ExplorerGraph } from './graph_data';

export function neighbourhood(
  g: ExplorerGraph,
  start: string,
  depth: number,
  edgeOk: (kind: string) => boolean,
  nodeOk: (id: string) => boolean,
): Set<string> {
  const seen = new Set<string>();
  if (!g.hasNode(start)) return seen;
  seen.add(start);
  let frontier = [start];
  for (let d = 0; d < depth && frontier.length > 0; d++) {
    const next: string[] = [];
    for (const id of frontier) {
      g.forEachEdge(id, (_key, attrs, source, target) => {
        if (!edgeOk(attrs.kind)) return;
        const other = source === id ? target : source;
        if (seen.has(other) || !nodeOk(other)) return;
        seen.add(other);
        next.push(other);
      });
    }
    frontier = next;
  }
  return seen;
}
