/**
 * Neo4j export
 * ============
 * The graph as CSV in the `neo4j-admin database import` layout: one node file per label
 * (`nodes_Function.csv`), one relationship file per type (`rels_CALLS.csv`), typed headers
 * (`id:ID`, `line:int`, `lines:int[]`, `:START_ID`, `:END_ID`), arrays split on `;`; plus
 * `load.cypher`, the same files read with `LOAD CSV` into a running database. Every layer is
 * there (code, decisions, docs and entities, memory, LLM nodes), each node also labelled
 * `Node` so one index on `Node.id` serves every relationship. Ids are the graph's own stable ids.
 */
import { mkdir, readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { CodeGraph } from '../model/graph';
import type { EdgeAttributes, EdgeKind, NodeAttributes, NodeKind } from '../model/types';
import { fileSink } from './sink';

/** One column: its header, its LOAD CSV expression (from `row`), and its value. */
interface Column<T> {
  name: string;
  header: string;
  cypher: string;
  value(id: string, a: T): string | number | boolean | readonly (string | number)[] | undefined;
}

const str = <T>(name: string, value: (id: string, a: T) => string | undefined): Column<T> => ({ name, header: name, cypher: `row.${name}`, value });
const int = <T>(name: string, value: (id: string, a: T) => number | undefined): Column<T> => ({ name, header: `${name}:int`, cypher: `toInteger(row.\`${name}:int\`)`, value });

/** What a node says in words, whatever its layer: a doc line, a decision, observations, a definition. */
function textOf(a: NodeAttributes): string | undefined {
  return a.doc ?? a.decision?.sentence ?? a.llm?.statement ?? a.llm?.definition ?? a.llm?.reasoning ?? (a.memory ? a.memory.observations.join(' | ') : undefined);
}

export const NODE_COLUMNS: readonly Column<NodeAttributes>[] = [
  { name: 'id', header: 'id:ID', cypher: 'row.`id:ID`', value: (id) => id },
  str('kind', (_id, a) => a.kind),
  str('name', (_id, a) => a.name),
  str('qualifiedName', (_id, a) => a.qualifiedName),
  str('path', (_id, a) => a.path),
  str('language', (_id, a) => a.language),
  int('line', (_id, a) => a.line),
  int('startLine', (_id, a) => a.startLine),
  int('endLine', (_id, a) => a.endLine),
  str('signature', (_id, a) => a.signature),
  { name: 'exported', header: 'exported:boolean', cypher: 'toBoolean(row.`exported:boolean`)', value: (_id, a) => a.exported },
  str('title', (_id, a) => a.decision?.title ?? a.docs?.title),
  str('status', (_id, a) => a.decision?.status),
  str('type', (_id, a) => a.memory?.entityType ?? a.docs?.entityType ?? a.llm?.category),
  str('text', (_id, a) => textOf(a)),
];

export const EDGE_COLUMNS: readonly Column<EdgeAttributes>[] = [
  { name: 'lines', header: 'lines:int[]', cypher: "[x IN split(row.`lines:int[]`, ';') | toInteger(x)]", value: (_k, e) => e.lines },
  str('confidence', (_k, e) => e.confidence),
  { name: 'score', header: 'score:float', cypher: 'toFloat(row.`score:float`)', value: (_k, e) => e.score },
  str('via', (_k, e) => e.via),
  str('evidence', (_k, e) => e.evidence),
  { name: 'typeOnly', header: 'typeOnly:boolean', cypher: 'toBoolean(row.`typeOnly:boolean`)', value: (_k, e) => e.typeOnly },
];

/** `trade_off` → `TradeOff`: Neo4j's label style. */
export const labelOf = (kind: NodeKind): string => kind.split('_').map((p) => p.charAt(0).toUpperCase() + p.slice(1)).join('');
/** `method_of` → `METHOD_OF`: Neo4j's relationship type style. */
export const typeOf = (kind: EdgeKind): string => kind.toUpperCase();

/** RFC 4180 field: quoted when it must be, quotes doubled; newlines become spaces (no multiline fields needed on import). */
function field(v: string | number | boolean | readonly (string | number)[] | undefined): string {
  if (v === undefined) return '';
  const s = Array.isArray(v) ? v.join(';') : String(v);
  const flat = s.replace(/\r?\n|\r/g, ' ');
  return /[",;]/.test(flat) || flat !== flat.trim() ? `"${flat.replace(/"/g, '""')}"` : flat;
}

export interface Neo4jFiles {
  nodes: { label: string; file: string; count: number }[];
  relationships: { type: string; file: string; count: number }[];
}

/** Files this export writes in a folder (what --force replaces). */
const OURS = /^(nodes_[A-Za-z]+\.csv|rels_[A-Z_]+\.csv|load\.cypher)$/;

export async function clearNeo4jFolder(dir: string): Promise<void> {
  for (const name of await readdir(dir).catch(() => [])) if (OURS.test(name)) await rm(join(dir, name));
}

export async function writeNeo4j(graph: CodeGraph, dir: string): Promise<Neo4jFiles> {
  await mkdir(dir, { recursive: true });
  const g = graph.graph;
  const byKind = new Map<NodeKind, string[]>();
  g.forEachNode((id, a) => {
    let list = byKind.get(a.kind);
    if (!list) byKind.set(a.kind, (list = []));
    list.push(id);
  });
  // Relationships by type, in source-id order (each node's out-edges in turn: no sort over all edges).
  const byType = new Map<EdgeKind, string[]>();
  const sources: string[] = [];
  g.forEachNode((id) => {
    sources.push(id);
  });
  for (const id of sources.sort()) {
    g.forEachOutEdge(id, (key, e) => {
      let list = byType.get(e.kind);
      if (!list) byType.set(e.kind, (list = []));
      list.push(key);
    });
  }
  const out: Neo4jFiles = { nodes: [], relationships: [] };

  for (const kind of [...byKind.keys()].sort()) {
    const ids = byKind.get(kind)!.sort();
    const label = labelOf(kind);
    const file = `nodes_${label}.csv`;
    const sink = fileSink(join(dir, file));
    await sink.write(`${NODE_COLUMNS.map((c) => c.header).join(',')},:LABEL\n`);
    for (const id of ids) {
      const a = g.getNodeAttributes(id);
      await sink.write(`${NODE_COLUMNS.map((c) => field(c.value(id, a))).join(',')},Node;${label}\n`);
    }
    await sink.close();
    out.nodes.push({ label, file, count: ids.length });
  }
  for (const kind of [...byType.keys()].sort()) {
    const keys = byType.get(kind)!;
    const type = typeOf(kind);
    const file = `rels_${type}.csv`;
    const sink = fileSink(join(dir, file));
    await sink.write(`:START_ID,:END_ID,:TYPE,${EDGE_COLUMNS.map((c) => c.header).join(',')}\n`);
    for (const k of keys) {
      const e = g.getEdgeAttributes(k);
      await sink.write(`${field(g.source(k))},${field(g.target(k))},${type},${EDGE_COLUMNS.map((c) => field(c.value(k, e))).join(',')}\n`);
    }
    await sink.close();
    out.relationships.push({ type, file, count: keys.length });
  }
  const script = fileSink(join(dir, 'load.cypher'));
  await script.write(loadScript(out));
  await script.close();
  return out;
}

/** The LOAD CSV script (files under the database's import folder), and the neo4j-admin command that reads the same files. */
function loadScript(files: Neo4jFiles): string {
  const lines: string[] = [
    '// kg-memory export for Neo4j. Either copy these files into the import folder and run this script',
    '// (cypher-shell -f load.cypher), or import them into an empty database with:',
    `//   neo4j-admin database import full --array-delimiter=';' ${files.nodes.map((n) => `--nodes=${n.label}=${n.file}`).join(' ')} ${files.relationships.map((r) => `--relationships=${r.type}=${r.file}`).join(' ')} neo4j`,
    'CREATE CONSTRAINT kg_node_id IF NOT EXISTS FOR (n:Node) REQUIRE n.id IS UNIQUE;',
  ];
  const nodeProps = NODE_COLUMNS.map((c) => `${c.name}: ${c.cypher}`).join(', ');
  for (const n of files.nodes) {
    lines.push(`LOAD CSV WITH HEADERS FROM 'file:///${n.file}' AS row CALL { WITH row CREATE (:Node:${n.label} {${nodeProps}}) } IN TRANSACTIONS OF 10000 ROWS;`);
  }
  const edgeProps = EDGE_COLUMNS.map((c) => `${c.name}: ${c.cypher}`).join(', ');
  for (const r of files.relationships) {
    lines.push(
      `LOAD CSV WITH HEADERS FROM 'file:///${r.file}' AS row CALL { WITH row MATCH (a:Node {id: row.\`:START_ID\`}), (b:Node {id: row.\`:END_ID\`}) CREATE (a)-[:${r.type} {${edgeProps}}]->(b) } IN TRANSACTIONS OF 10000 ROWS;`,
    );
  }
  return `${lines.join('\n')}\n`;
}
