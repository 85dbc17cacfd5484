/**
 * Token comparison: questions and the grep-then-read model
 * ========================================================
 * Shared by `npm run bench` and test/unit/tokens.test.ts so the two cannot drift.
 *
 * For each question an agent might ask, two answers are counted with a real BPE tokenizer
 * (gpt-tokenizer, o200k_base, encoding shipped in the package):
 * - graph: the text an MCP tool returns, i.e. JSON.stringify of the tool's result, exactly what the
 *   server puts in the text content (the tool is called through the MCP tool table, not over a socket);
 * - grep-then-read: what an agent without the graph reads. It runs `grep -rn <word>` over the same
 *   source files the index covers (literal, case-sensitive, path order), sees the output (at most
 *   GREP_LINES lines), then reads every matching file in full, at most READ_FILES files. Questions
 *   about one file or folder skip the grep: the agent reads those files in full (same cap).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { countTokens } from 'gpt-tokenizer';
import { walkWorkspace } from '../../extension/core/index/walk';
import type { Workspace } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp/context';
import { findTool } from '../../extension/mcp/tools';

export const GREP_LINES = 100;
export const READ_FILES = 10;
export const TOKENIZER = 'gpt-tokenizer o200k_base';

export interface Question {
  text: string;
  /** The MCP tool an agent with the graph calls, and its arguments. */
  tool: string;
  args: Record<string, unknown>;
  /** The literal an agent greps for; or `read`: the files (or folders) it opens instead. */
  grep?: string;
  read?: string[];
}

/** Questions about this project's own code, asked of an index of extension/ (paths are relative to it). */
export const SELF_QUESTIONS: readonly Question[] = [
  { text: 'who calls resolveFile', tool: 'callers', args: { target: 'resolveFile' }, grep: 'resolveFile' },
  { text: 'what breaks if I change Evaluator.classMember', tool: 'impact', args: { target: 'Evaluator.classMember' }, grep: 'classMember' },
  { text: 'where is Workspace defined', tool: 'find_symbol', args: { name: 'Workspace', kinds: ['class'] }, grep: 'class Workspace' },
  { text: 'what does core/workspace.ts depend on', tool: 'dependencies', args: { target: 'core/workspace.ts' }, read: ['core/workspace.ts'] },
  { text: "what's in the query module", tool: 'file_context', args: { target: 'core/query/index.ts' }, read: ['core/query'] },
  { text: 'who calls walkWorkspace', tool: 'callers', args: { target: 'walkWorkspace' }, grep: 'walkWorkspace' },
  { text: 'what does GraphAssembler.update call', tool: 'callees', args: { target: 'GraphAssembler.update' }, grep: 'GraphAssembler' },
  { text: 'who calls CodeGraph.setEdge', tool: 'callers', args: { target: 'CodeGraph.setEdge' }, grep: 'setEdge' },
  { text: 'which files import core/model/graph.ts', tool: 'dependents', args: { target: 'core/model/graph.ts' }, grep: 'model/graph' },
  { text: 'what breaks if I change loadGrammar', tool: 'impact', args: { target: 'loadGrammar' }, grep: 'loadGrammar' },
  { text: 'where is ParsePool defined', tool: 'find_symbol', args: { name: 'ParsePool', kinds: ['class'] }, grep: 'class ParsePool' },
  { text: 'find the snapshot code', tool: 'search', args: { query: 'snapshot' }, grep: 'snapshot' },
];

/** Questions about Django (the python3-django corpus: its root holds django/). */
export const DJANGO_QUESTIONS: readonly Question[] = [
  { text: 'who calls reverse', tool: 'callers', args: { target: 'django.urls.base.reverse' }, grep: 'reverse(' },
  { text: 'what breaks if I change QuerySet.filter', tool: 'impact', args: { target: 'django.db.models.query.QuerySet.filter' }, grep: '.filter(' },
  { text: 'where is QuerySet defined', tool: 'find_symbol', args: { name: 'QuerySet', kinds: ['class'] }, grep: 'class QuerySet' },
  { text: 'what does django/db/models/query.py depend on', tool: 'dependencies', args: { target: 'django/db/models/query.py' }, read: ['django/db/models/query.py'] },
  { text: "what's in django/core/handlers/base.py", tool: 'file_context', args: { target: 'django/core/handlers/base.py' }, read: ['django/core/handlers/base.py'] },
  { text: 'who calls get_random_string', tool: 'callers', args: { target: 'django.utils.crypto.get_random_string' }, grep: 'get_random_string' },
  { text: 'what breaks if I change slugify', tool: 'impact', args: { target: 'django.utils.text.slugify' }, grep: 'slugify' },
  { text: 'which files import django/utils/functional.py', tool: 'dependents', args: { target: 'django/utils/functional.py' }, grep: 'utils.functional' },
  { text: 'who calls force_str', tool: 'callers', args: { target: 'django.utils.encoding.force_str' }, grep: 'force_str' },
  { text: 'what does BaseHandler.load_middleware call', tool: 'callees', args: { target: 'django.core.handlers.base.BaseHandler.load_middleware' }, grep: 'load_middleware' },
  { text: 'where is HttpResponseRedirect defined', tool: 'find_symbol', args: { name: 'HttpResponseRedirect', kinds: ['class'] }, grep: 'class HttpResponseRedirect' },
  { text: 'find the CSRF middleware', tool: 'search', args: { query: 'CsrfViewMiddleware' }, grep: 'CsrfViewMiddleware' },
];

export interface TokenRow {
  question: string;
  tool: string;
  graphTokens: number;
  baselineTokens: number;
  ratio: number;
  /** Files the agent read, lines of grep output it saw. */
  filesRead: number;
  grepLines: number;
  /** The tool answered (not an error body). */
  answered: boolean;
  error?: string;
}

export interface TokenSummary {
  tokenizer: string;
  rows: TokenRow[];
  graphTokens: number;
  baselineTokens: number;
  /** Sum of baseline tokens over sum of graph tokens. */
  ratio: number;
}

/** What the grep-then-read agent sees for a question, as one text. */
export function grepThenRead(root: string, files: readonly string[], q: Question): { text: string; filesRead: number; grepLines: number } {
  const parts: string[] = [];
  let toRead: string[] = [];
  let grepLines = 0;
  if (q.read) {
    for (const p of q.read) {
      const abs = join(root, p);
      if (statSync(abs).isDirectory()) toRead.push(...readdirSync(abs).sort().map((n) => `${p}/${n}`).filter((r) => files.includes(r)));
      else toRead.push(p);
    }
  } else if (q.grep) {
    const out: string[] = [];
    for (const rel of files) {
      const lines = readFileSync(join(root, rel), 'utf8').split('\n');
      let hit = false;
      lines.forEach((line, i) => {
        if (!line.includes(q.grep!)) return;
        hit = true;
        out.push(`${rel}:${i + 1}:${line}`);
      });
      if (hit) toRead.push(rel);
    }
    grepLines = Math.min(out.length, GREP_LINES);
    parts.push(`$ grep -rn '${q.grep}' .`, ...out.slice(0, GREP_LINES));
    if (out.length > GREP_LINES) parts.push(`[${out.length - GREP_LINES} more lines]`);
  }
  toRead = toRead.slice(0, READ_FILES);
  for (const rel of toRead) parts.push(`=== ${rel} ===`, readFileSync(join(root, rel), 'utf8'));
  return { text: parts.join('\n'), filesRead: toRead.length, grepLines };
}

/** The text an MCP tool returns for a question (its JSON result, or its JSON error body). */
export async function graphAnswer(ctx: ToolContext, q: Question): Promise<{ text: string; answered: boolean; error?: string }> {
  const tool = findTool(q.tool);
  if (!tool) return { text: '', answered: false, error: `no MCP tool ${q.tool}` };
  const outcome = await tool.call(ctx, q.args);
  if (outcome.ok) return { text: JSON.stringify(outcome.result), answered: true };
  return { text: JSON.stringify(outcome.error), answered: false, error: outcome.error.message };
}

/** Runs every question against an indexed workspace whose root is `ws.root`. */
export async function compareTokens(ws: Workspace, questions: readonly Question[]): Promise<TokenSummary> {
  const walk = await walkWorkspace(ws.root);
  const files = walk.files.map((f) => f.path).sort();
  const ctx = new ToolContext(ws, { refreshMs: Number.MAX_SAFE_INTEGER });
  const rows: TokenRow[] = [];
  for (const q of questions) {
    const graph = await graphAnswer(ctx, q);
    const base = grepThenRead(ws.root, files, q);
    const graphTokens = countTokens(graph.text);
    const baselineTokens = countTokens(base.text);
    const row: TokenRow = {
      question: q.text,
      tool: q.tool,
      graphTokens,
      baselineTokens,
      ratio: baselineTokens / Math.max(1, graphTokens),
      filesRead: base.filesRead,
      grepLines: base.grepLines,
      answered: graph.answered,
    };
    if (graph.error) row.error = graph.error;
    rows.push(row);
  }
  const graphTokens = rows.reduce((s, r) => s + r.graphTokens, 0);
  const baselineTokens = rows.reduce((s, r) => s + r.baselineTokens, 0);
  return { tokenizer: TOKENIZER, rows, graphTokens, baselineTokens, ratio: baselineTokens / Math.max(1, graphTokens) };
}
