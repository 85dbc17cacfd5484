/**
 * The Ruby truth files as an oracle
 * =================================
 * Reads a hand-checked truth file (test/oracle/truth/ruby/, rules in its README) into the
 * oracles' shape. The truth speaks for every caller of the files it covers (each call site of
 * them was checked), so its callers are our declarations in those files, and its declarations
 * those plus every callee it names.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclRef, OracleDecl, OracleEdge, OracleResult } from './types';
import { mergeEdges } from './types';

export const RUBY_TRUTH_DIR = join(__dirname, 'truth', 'ruby');

/** `covered`: the corpus files the truth speaks for; `ours`: our declarations (callers without a truth edge count too). */
export function rubyTruth(file: string, covered: ReadonlySet<string>, ours: readonly DeclRef[]): OracleResult {
  const edges: OracleEdge[] = [];
  const decls = new Map<string, OracleDecl>();
  const add = (path: string, line: number, name: string): DeclRef => {
    const key = `${path}:${line}`;
    if (!decls.has(key)) decls.set(key, { path, line, name, kind: line === 0 ? 'file' : 'method' });
    return { path, line };
  };
  for (const row of readFileSync(join(RUBY_TRUTH_DIR, file), 'utf8').split('\n')) {
    if (!row.trim() || row.startsWith('#')) continue;
    const [callerPath, callerLine, caller, calleePath, calleeLine, callee, lines] = row.split('\t');
    if (!callerPath || !calleePath || callee === undefined || caller === undefined) throw new Error(`ruby truth ${file}: a row with fewer than 7 columns: ${row}`);
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
  return { edges: mergeEdges(edges), callers, declarations: [...decls.values()] };
}
