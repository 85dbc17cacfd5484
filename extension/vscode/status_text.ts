/**
 * Status wording
 * ==============
 * What the status bar and the Show Status report say, from plain data: the state of each folder,
 * the core `status` query's answer and the MCP endpoint. Pure (no VS Code), so it is unit-tested.
 */
import type { StatusResult } from '../core/query';
import type { NodeKind } from '../core/model/types';
import type { IndexState } from './folder_index';

export interface FolderSummary {
  name: string;
  state: IndexState;
  status: StatusResult;
  /** Files indexed. */
  files: number;
  failed?: { path: string; error: string }[];
  /** Every skipped file with its reason (the query's answer keeps only a sample). */
  skipped?: { path: string; reason: string }[];
  parseErrors?: { path: string; count: number; lines: number[] }[];
  snapshot?: string;
  /** The MCP endpoint serving this folder, as its discovery file names it. */
  endpoint?: string;
}

export interface StatusBarView {
  text: string;
  /** Markdown. */
  tooltip: string;
  kind: 'none' | 'indexing' | 'ready' | 'error';
}

const NOT_SYMBOLS: ReadonlySet<NodeKind> = new Set<NodeKind>(['file', 'module', 'external']);

export function num(n: number): string {
  return n.toLocaleString('en-US');
}

/** Definitions in the graph: every node but files, modules and external packages. */
export function symbolCount(s: StatusResult): number {
  let n = 0;
  for (const [kind, count] of Object.entries(s.nodesByKind) as [NodeKind, number][]) if (!NOT_SYMBOLS.has(kind)) n += count;
  return n;
}

function stateLine(f: FolderSummary): string {
  switch (f.state.kind) {
    case 'indexing':
      return f.state.total ? `indexing ${num(f.state.done)}/${num(f.state.total)} files` : 'indexing…';
    case 'error':
      return `error: ${f.state.message}`;
    case 'idle':
      return f.status.indexedAt ? 'loaded from the snapshot' : 'not indexed yet';
    case 'ready':
      return 'ready';
  }
}

/** The status bar: indexing n/m, ready with the symbol count, or an error; the tooltip per folder. */
export function statusBarView(folders: readonly FolderSummary[]): StatusBarView {
  if (folders.length === 0) return { text: '$(graph) KG Memory', tooltip: 'KG Memory: open a folder to build its code graph.', kind: 'none' };
  const lines = folders.map((f) => {
    const counts = `${num(symbolCount(f.status))} symbols, ${num(f.files)} files, ${num(f.status.edges)} edges`;
    const mcp = f.endpoint ? `  \nMCP: \`${f.endpoint}\`` : '';
    return `**${escapeMd(f.name)}**: ${stateLine(f)} · ${counts}${mcp}`;
  });
  const tooltip = [...lines, '', 'Click for the status and the main commands.'].join('\n\n');
  const indexing = folders.filter((f) => f.state.kind === 'indexing');
  if (indexing.length > 0) {
    let done = 0;
    let total = 0;
    for (const f of indexing) {
      if (f.state.kind !== 'indexing') continue;
      done += f.state.done;
      total += f.state.total;
    }
    return { text: total ? `$(sync~spin) KG Memory ${num(done)}/${num(total)}` : '$(sync~spin) KG Memory', tooltip, kind: 'indexing' };
  }
  if (folders.some((f) => f.state.kind === 'error')) return { text: '$(error) KG Memory', tooltip, kind: 'error' };
  const symbols = folders.reduce((n, f) => n + symbolCount(f.status), 0);
  return { text: `$(graph) KG Memory: ${num(symbols)} symbols`, tooltip, kind: 'ready' };
}

/** One line per folder for the status quick pick: label and description. */
export function folderLine(f: FolderSummary): { label: string; description: string } {
  const icon = f.state.kind === 'indexing' ? '$(sync~spin)' : f.state.kind === 'error' ? '$(error)' : '$(graph)';
  return { label: `${icon} ${f.name}: ${stateLine(f)}`, description: `${num(symbolCount(f.status))} symbols · ${num(f.files)} files${f.endpoint ? ` · MCP ${f.endpoint}` : ''}` };
}

function escapeMd(s: string): string {
  return s.replace(/([\\`*_{}[\]()#+!|<>])/g, '\\$1');
}

function table(rows: Record<string, number>, heading: string): string[] {
  const entries = Object.entries(rows).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  if (entries.length === 0) return [];
  return [`| ${heading} | count |`, '| --- | ---: |', ...entries.map(([k, n]) => `| ${k} | ${num(n)} |`), ''];
}

const LIST_LIMIT = 50;

function list<T>(items: readonly T[], line: (t: T) => string): string[] {
  const out = items.slice(0, LIST_LIMIT).map((t) => `- ${line(t)}`);
  if (items.length > LIST_LIMIT) out.push(`- … and ${num(items.length - LIST_LIMIT)} more`);
  out.push('');
  return out;
}

/** The Show Status report: everything the index knows about each folder, as markdown. */
export function statusMarkdown(folders: readonly FolderSummary[], now = new Date()): string {
  const out: string[] = ['# KG Memory status', '', `_${now.toISOString()}_`, ''];
  if (folders.length === 0) out.push('No folder is open: open one with File > Open Folder to build its graph.', '');
  for (const f of folders) {
    const s = f.status;
    out.push(`## ${escapeMd(f.name)}`, '', `\`${s.root}\``, '');
    out.push(`- **State**: ${escapeMd(stateLine(f))}`);
    out.push(`- **Files**: ${num(f.files)} · **symbols**: ${num(symbolCount(s))} · **nodes**: ${num(s.nodes)} · **edges**: ${num(s.edges)}`);
    out.push(`- **Last index**: ${s.indexedAt ?? 'never'}${s.durationMs !== undefined ? ` (${num(s.durationMs)} ms)` : ''}`);
    if (f.snapshot) out.push(`- **Snapshot**: ${escapeMd(f.snapshot)}`);
    out.push(`- **MCP endpoint**: ${f.endpoint ? `\`${f.endpoint}\`` : 'none serving this folder'}`);
    if (s.languages) out.push(`- **Languages**: ${Object.entries(s.languages).map(([l, n]) => `${l} ${num(n)}`).join(', ')}`);
    if (s.calls) out.push(`- **Call edges by confidence**: ${Object.entries(s.calls).map(([c, n]) => `${c} ${num(n)}`).join(', ')}`);
    out.push('');
    out.push(...table(s.nodesByKind as Record<string, number>, 'node kind'));
    out.push(...table(s.edgesByKind as Record<string, number>, 'edge kind'));
    const errors = f.parseErrors ?? [];
    if (errors.length > 0) {
      out.push(`### Parse errors (${num(errors.length)} files)`, '', 'What parses is indexed; the rest of each file is left out.', '');
      out.push(...list(errors, (e) => `\`${e.path}\`: ${num(e.count)} error${e.count === 1 ? '' : 's'}${e.lines.length ? ` (lines ${e.lines.slice(0, 5).join(', ')})` : ''}`));
    } else if (s.parseErrors) {
      out.push(`### Parse errors (${num(s.parseErrors.files)} files)`, '', ...list(s.parseErrors.worst ?? [], (w) => `\`${w}\``));
    }
    const skipped = f.skipped ?? [];
    if (skipped.length > 0) {
      out.push(`### Skipped files (${num(skipped.length)})`, '', 'Change `kgMemory.maxFileSize`, `kgMemory.maxFiles` or `kgMemory.exclude` to index them.', '');
      out.push(...list(skipped, (k) => `\`${k.path}\`: ${escapeMd(k.reason)}`));
    }
    const failed = f.failed ?? [];
    if (failed.length > 0) out.push(`### Failed files (${num(failed.length)})`, '', ...list(failed, (k) => `\`${k.path}\`: ${escapeMd(k.error)}`));
  }
  return out.join('\n');
}
