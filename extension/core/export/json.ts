/**
 * JSON export
 * ===========
 * `{level, focus, nodes, edges}` written a node and an edge at a time. Module and symbol levels
 * keep each node short (id, kind, name, path:line); level all writes every attribute, since it
 * is for tools that want the whole graph.
 */
import type { CodeGraph } from '../model/graph';
import { locOf } from '../query/describe';
import type { ExportLevel, Selection } from './select';
import type { Sink } from './sink';

export async function writeJsonExport(graph: CodeGraph, sel: Selection, level: ExportLevel, focus: string | undefined, sink: Sink): Promise<void> {
  const g = graph.graph;
  await sink.write(`{"level":${JSON.stringify(level)},"focus":${JSON.stringify(focus ?? null)},"nodes":[`);
  let first = true;
  for (const id of sel.nodes) {
    const a = g.getNodeAttributes(id);
    let node: Record<string, unknown>;
    if (level === 'all') node = { id, ...a };
    else {
      node = { id, kind: a.kind, name: a.name };
      const loc = locOf(a);
      if (loc !== undefined) node.loc = loc;
    }
    await sink.write(`${first ? '' : ','}${JSON.stringify(node)}`);
    first = false;
  }
  await sink.write('],"edges":[');
  first = true;
  for (const key of sel.edges) {
    const e = g.getEdgeAttributes(key);
    const edge = level === 'all' ? { source: g.source(key), target: g.target(key), ...e } : { source: g.source(key), target: g.target(key), kind: e.kind };
    await sink.write(`${first ? '' : ','}${JSON.stringify(edge)}`);
    first = false;
  }
  await sink.write(']}\n');
}
