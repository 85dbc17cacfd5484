/**
 * Index status
 * ============
 * How big the graph is and how healthy the last index was: counts by kind, languages, how sure
 * the call edges are, files with parse errors and files skipped (with reasons). What only the
 * workspace knows (root, times, skips) is passed in.
 */
import type { CodeGraph } from '../model/graph';
import type { Confidence, EdgeKind, NodeKind } from '../model/types';
import { checkObject, requireString } from './options';

export interface WorkspaceInfo {
  root: string;
  /** When the last full or incremental index finished (epoch ms or ISO text). */
  lastIndexedAt?: number | string;
  durationMs?: number;
  /** Files whose parse reported errors (and the total count of error nodes, if known). */
  parseErrors?: { files: number; errors?: number };
  skipped?: { path: string; reason: string }[];
  indexing?: boolean;
}

export interface StatusResult {
  root: string;
  indexedAt?: string;
  durationMs?: number;
  indexing?: true;
  nodes: number;
  edges: number;
  nodesByKind: Partial<Record<NodeKind, number>>;
  edgesByKind: Partial<Record<EdgeKind, number>>;
  languages?: Record<string, number>;
  /** Call edges by confidence. */
  calls?: Partial<Record<Confidence, number>>;
  parseErrors?: { files: number; errors?: number; worst?: string[] };
  skipped?: { total: number; byReason: Record<string, number>; sample: string[] };
}

export function status(graph: CodeGraph, info: WorkspaceInfo): StatusResult {
  const where = 'query/status';
  const o = checkObject(where, info);
  const root = requireString(where, 'root', o.root);
  const stats = graph.stats();
  const out: StatusResult = { root, nodes: stats.nodes, edges: stats.edges, nodesByKind: stats.nodesByKind, edgesByKind: stats.edgesByKind };
  if (info.lastIndexedAt !== undefined) {
    const t = new Date(info.lastIndexedAt);
    if (!Number.isNaN(t.getTime())) out.indexedAt = t.toISOString();
  }
  if (info.durationMs !== undefined) out.durationMs = info.durationMs;
  if (info.indexing) out.indexing = true;

  const languages: Record<string, number> = {};
  const broken: [string, number][] = [];
  graph.graph.forEachNode((_id, a) => {
    if (a.kind !== 'file') return;
    if (a.language) languages[a.language] = (languages[a.language] ?? 0) + 1;
    if (a.parseErrors && a.path) broken.push([a.path, a.parseErrors]);
  });
  if (Object.keys(languages).length) out.languages = languages;

  const calls: Partial<Record<Confidence, number>> = {};
  graph.graph.forEachEdge((_k, e) => {
    if (e.kind === 'calls') calls[e.confidence ?? 'resolved'] = (calls[e.confidence ?? 'resolved'] ?? 0) + 1;
  });
  if (Object.keys(calls).length) out.calls = calls;

  broken.sort((x, y) => y[1] - x[1] || (x[0] < y[0] ? -1 : 1));
  const errFiles = info.parseErrors?.files ?? broken.length;
  if (errFiles > 0) {
    out.parseErrors = { files: errFiles };
    const errors = info.parseErrors?.errors ?? (broken.length ? broken.reduce((n, [, e]) => n + e, 0) : undefined);
    if (errors !== undefined) out.parseErrors.errors = errors;
    if (broken.length) out.parseErrors.worst = broken.slice(0, 5).map(([p, n]) => `${p} (${n})`);
  }
  if (info.skipped?.length) {
    const byReason: Record<string, number> = {};
    for (const s of info.skipped) byReason[s.reason] = (byReason[s.reason] ?? 0) + 1;
    out.skipped = { total: info.skipped.length, byReason, sample: info.skipped.slice(0, 5).map((s) => `${s.path}: ${s.reason}`) };
  }
  return out;
}
