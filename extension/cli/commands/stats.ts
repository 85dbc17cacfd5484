/**
 * stats command
 * =============
 * Brings the index up to date and prints the `status` tool's answer, as text or JSON.
 */
import { ToolContext } from '../../mcp/context';
import { statusAnswer } from '../../mcp/tools/workspace';
import { EXIT, indexWithProgress, openWorkspace, writeJson } from './common';
import type { ExitCode } from './common';

export interface StatsOptions {
  root?: string;
  json?: boolean;
}

type Status = ReturnType<typeof statusAnswer>;

function byKind(counts: Record<string, number>): string {
  const parts = Object.entries(counts).sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1));
  return parts.length === 0 ? 'none' : parts.map(([k, n]) => `${k} ${n}`).join(', ');
}

/** The status as lines of text; the first names the root. */
export function formatStatus(s: Status): string[] {
  const lines = [`Workspace ${s.root}: ${s.files} files${s.indexedAt ? `, indexed ${s.indexedAt}` : ''}${s.durationMs !== undefined ? ` in ${s.durationMs} ms` : ''}`];
  lines.push(`Nodes ${s.nodes}: ${byKind(s.nodesByKind)}`);
  lines.push(`Edges ${s.edges}: ${byKind(s.edgesByKind)}`);
  if (s.languages) lines.push(`Languages: ${byKind(s.languages)}`);
  if (s.calls) lines.push(`Call edges by confidence: ${byKind(s.calls)}`);
  if (s.parseErrors) lines.push(`Parse errors: ${s.parseErrors.files} file(s)${s.parseErrors.worst ? `: ${s.parseErrors.worst.join(', ')}` : ''}`);
  else lines.push('Parse errors: none');
  if (s.skipped) {
    lines.push(`Skipped ${s.skipped.total}: ${byKind(s.skipped.byReason)}`);
    for (const x of s.skipped.sample) lines.push(`  ${x}`);
  }
  if (s.resolveFaults) {
    lines.push(`Resolver faults: ${s.resolveFaults.items.length + (s.resolveFaults.more ?? 0)} file(s)`);
    for (const x of s.resolveFaults.items) lines.push(`  ${x}`);
  }
  if (s.resolveCuts) {
    lines.push(`Lookups stopped at the resolver's bound: ${s.resolveCuts.items.length + (s.resolveCuts.more ?? 0)} file(s)`);
    for (const x of s.resolveCuts.items) lines.push(`  ${x}`);
  }
  if (s.configProblems) {
    lines.push(`Config problems: ${s.configProblems.items.length + (s.configProblems.more ?? 0)} file(s)`);
    for (const x of s.configProblems.items) lines.push(`  ${x}`);
  }
  if (s.snapshot) lines.push(`Snapshot: ${s.snapshot}`);
  return lines;
}

export async function statsCommand(options: StatsOptions): Promise<ExitCode> {
  const ws = await openWorkspace(options.root, undefined, { warmUp: false });
  try {
    await indexWithProgress(ws);
    const status = statusAnswer(new ToolContext(ws));
    if (options.json) writeJson(status);
    else process.stdout.write(`${formatStatus(status).join('\n')}\n`);
    return EXIT.ok;
  } finally {
    await ws.close();
  }
}
