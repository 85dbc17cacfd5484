/**
 * Rust truth files
 * ================
 * Reads a hand-checked truth file (test/oracle/truth/rust/*.truth, rules in the README there)
 * into the OracleResult shape the comparison speaks. Each declaration it names is checked
 * against the source (the line holds `fn <name>` or `macro_rules! <name>`), so a truth file
 * that no longer matches its corpus fails loudly instead of scoring nonsense.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { declKey, mergeEdges, type OracleDecl, type OracleEdge, type OracleResult } from './types';

export const RUST_TRUTH_DIR = join(__dirname, 'truth', 'rust');

const REF = /^([^\s:]+):(\d+)$/;

function decl(loc: string, name: string, where: string): OracleDecl {
  const m = REF.exec(loc);
  if (!m) throw new Error(`rust truth: bad location ${loc} (${where})`);
  return { path: m[1]!, line: Number(m[2]), name, kind: 'function' };
}

/** Parses a truth file and checks its declarations against the sources under `root`. */
export function rustTruth(truthFile: string, root: string): OracleResult {
  const callers = new Map<string, OracleDecl>();
  const declarations = new Map<string, OracleDecl>();
  const edges: OracleEdge[] = [];
  const lines = readFileSync(truthFile, 'utf8').split('\n');
  lines.forEach((raw, i) => {
    const text = raw.trim();
    if (!text || text.startsWith('#')) return;
    const where = `${truthFile}:${i + 1}`;
    const caller = /^caller (\S+) (\S+)$/.exec(text);
    if (caller) {
      const d = decl(caller[1]!, caller[2]!, where);
      callers.set(declKey(d), d);
      declarations.set(declKey(d), d);
      return;
    }
    const edge = /^edge (\S+) (\S+) -> (\S+) (\S+)(?: @([\d,]+))?$/.exec(text);
    if (!edge) throw new Error(`rust truth: cannot read ${where}: ${text}`);
    const from = decl(edge[1]!, edge[2]!, where);
    const to = decl(edge[3]!, edge[4]!, where);
    for (const d of [from, to]) if (!declarations.has(declKey(d))) declarations.set(declKey(d), d);
    edges.push({ caller: from, callee: to, callSiteLines: (edge[5] ?? '').split(',').filter(Boolean).map(Number) });
  });
  for (const e of edges) if (!callers.has(declKey(e.caller))) throw new Error(`rust truth: ${declKey(e.caller)} has edges but is not listed as a caller`);
  checkAgainstSource(root, [...declarations.values()]);
  return { edges: mergeEdges(edges), callers: [...callers.values()], declarations: [...declarations.values()] };
}

function checkAgainstSource(root: string, decls: readonly OracleDecl[]): void {
  const files = new Map<string, string[]>();
  for (const d of decls) {
    let lines = files.get(d.path);
    if (!lines) files.set(d.path, (lines = readFileSync(join(root, d.path), 'utf8').split('\n')));
    const name = d.name.slice(d.name.lastIndexOf('.') + 1);
    const text = lines[d.line - 1] ?? '';
    if (!new RegExp(`\\b(fn|macro_rules!)\\s+${name}\\b`).test(text)) {
      throw new Error(`rust truth: ${d.path}:${d.line} does not declare ${name} (the corpus is not the one the truth was written for?): ${text.trim()}`);
    }
  }
}
