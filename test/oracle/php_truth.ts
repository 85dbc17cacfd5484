/**
 * The PHP truth files as an oracle
 * ================================
 * Reads a hand-checked truth file (test/oracle/truth/php/, rules in its README) into the oracles'
 * shape. The truth speaks for every caller declared in the files its `# covered:` lines name, so
 * its callers are our declarations in those files, and its declarations those plus every callee it
 * names. Each row's declaration lines are checked against the corpus text (the line declares the
 * name), so a truth file of another version fails loudly instead of scoring nonsense.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclRef, OracleDecl, OracleEdge, OracleResult } from './types';
import { mergeEdges } from './types';

export const PHP_TRUTH_DIR = join(__dirname, 'truth', 'php');

export interface PhpTruth extends OracleResult {
  covered: Set<string>;
  /** Rows whose line does not declare the name given (a stale truth file). */
  stale: string[];
}

/** `root`: the corpus; `ours`: our declarations (callers without an edge in the truth count too). */
export function phpTruth(file: string, root: string, ours: readonly DeclRef[]): PhpTruth {
  const edges: OracleEdge[] = [];
  const decls = new Map<string, OracleDecl>();
  const covered = new Set<string>();
  const stale: string[] = [];
  const texts = new Map<string, string[]>();
  const declares = (path: string, line: number, name: string): boolean => {
    let lines = texts.get(path);
    if (!lines) texts.set(path, (lines = readFileSync(join(root, path), 'utf8').split('\n')));
    const simple = name.slice(name.lastIndexOf('.') + 1);
    return new RegExp(`\\b(function\\s+&?|class\\s+|interface\\s+|trait\\s+|enum\\s+)${simple}\\b`).test(lines[line - 1] ?? '');
  };
  const add = (path: string, line: number, name: string): DeclRef => {
    const key = `${path}:${line}`;
    if (!decls.has(key)) {
      decls.set(key, { path, line, name, kind: 'method' });
      if (!declares(path, line, name)) stale.push(`${key} ${name}`);
    }
    return { path, line };
  };
  for (const row of readFileSync(join(PHP_TRUTH_DIR, file), 'utf8').split('\n')) {
    const cover = /^# covered: (.+)$/.exec(row);
    if (cover) covered.add(cover[1]!.trim());
    if (!row.trim() || row.startsWith('#')) continue;
    const [callerPath, callerLine, caller, calleePath, calleeLine, callee, lines] = row.split('\t');
    if (!callerPath || !calleePath || callee === undefined || caller === undefined) throw new Error(`php truth ${file}: a row with fewer than 7 columns: ${row}`);
    if (!covered.has(callerPath)) throw new Error(`php truth ${file}: caller ${callerPath} is in no covered file`);
    edges.push({
      caller: add(callerPath, Number(callerLine), caller),
      callee: add(calleePath, Number(calleeLine), callee),
      callSiteLines: (lines ?? '').split(',').filter(Boolean).map(Number),
    });
  }
  const callers: OracleDecl[] = [];
  for (const d of ours) {
    if (!covered.has(d.path)) continue;
    const known = decls.get(`${d.path}:${d.line}`) ?? { ...d, name: d.line === 0 ? '<file>' : '?', kind: d.line === 0 ? 'file' : 'method' };
    decls.set(`${d.path}:${d.line}`, known);
    callers.push(known);
  }
  return { edges: mergeEdges(edges), callers, declarations: [...decls.values()], covered, stale };
}
