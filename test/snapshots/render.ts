/**
 * Annotated snapshots
 * ===================
 * Renders what the index says about a source file as comments beside the code, in the style of
 * scip-typescript's snapshot tests: under each line, one comment per definition (`definition
 * <kind> <id>`) and per resolved call (`calls <id>`, with its confidence when not `resolved`),
 * with carets under the name. A reviewer reads the diff of these files, not a list of edges.
 */
import type { Workspace } from '../../extension/core/workspace';

interface Note {
  column: number;
  width: number;
  text: string;
}

/** The column of `word` on `line` as a whole word, or -1. */
function wordColumn(line: string, word: string): number {
  // A name may be an operator (Ruby's `+`, `|`): every regex character is escaped.
  const re = new RegExp(`(?<![\\w$])${word.replace(/[.*+?^${}()|[\]\\/$]/g, '\\$&')}(?![\\w$])`);
  return re.exec(line)?.index ?? -1;
}

export function renderFile(ws: Workspace, path: string, source: string): string {
  const lines = source.split('\n');
  const notes = new Map<number, Note[]>();
  const add = (line: number, word: string, text: string): void => {
    const at = wordColumn(lines[line - 1] ?? '', word);
    const list = notes.get(line) ?? [];
    list.push({ column: Math.max(0, at), width: Math.max(1, at < 0 ? 1 : word.length), text });
    notes.set(line, list);
  };
  const g = ws.graph.graph;
  for (const id of ws.graph.nodesInPath(path)) {
    const a = g.getNodeAttributes(id);
    if (a.kind === 'file' || a.line === undefined) continue;
    add(a.line, a.name, `definition ${a.kind} ${id}`);
    g.forEachOutEdge(id, (_k, e, _s, target) => {
      if (e.kind !== 'calls' && e.kind !== 'tests') return;
      const callee = g.getNodeAttributes(target);
      const conf = e.confidence && e.confidence !== 'resolved' ? ` (${e.confidence})` : '';
      if (e.kind === 'tests') {
        add(a.line!, a.name, `tests ${target}${conf}`);
        return;
      }
      for (const line of e.lines ?? []) add(line, callee.name === 'constructor' ? 'super' : callee.name, `calls ${target}${conf}`);
    });
  }
  const fileId = `file:${path}`;
  if (g.hasNode(fileId)) {
    g.forEachOutEdge(fileId, (_k, e, _s, target) => {
      if (e.kind !== 'calls') return;
      for (const line of e.lines ?? []) add(line, g.getNodeAttribute(target, 'name') ?? '', `calls ${target} (from the module)`);
    });
  }
  const prefix = path.endsWith('.py') ? '#' : '//';
  const out: string[] = [];
  lines.forEach((text, i) => {
    out.push(text);
    const list = (notes.get(i + 1) ?? []).sort((a, b) => a.column - b.column || (a.text < b.text ? -1 : 1));
    for (const n of list) {
      const pad = Math.max(0, n.column - prefix.length);
      out.push(`${prefix}${' '.repeat(pad)}${'^'.repeat(n.width)} ${n.text}`);
    }
  });
  return out.join('\n');
}
