/**
 * The Kotlin truth files as an oracle
 * ===================================
 * Reads a hand-checked truth file (test/oracle/truth/kotlin/, rules in its README) into the
 * oracles' shape. The truth speaks for every caller of the files it covers (each call site of
 * them was checked), so its callers are our declarations in those files, and its declarations
 * those plus every callee it names. No Kotlin compiler API is scriptable here (Debian's kotlin
 * 1.3 ships the compiler, not a call-graph dump; see the README), hence a file.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { DeclRef, OracleDecl, OracleEdge, OracleResult } from './types';
import { mergeEdges } from './types';

export const KOTLIN_TRUTH_DIR = join(__dirname, 'truth', 'kotlin');

/** The corpus files a truth file speaks for: its `# covers:` lines (all the corpus when it has none). */
export function coveredBy(file: string): string[] | undefined {
  const covers = readFileSync(join(KOTLIN_TRUTH_DIR, file), 'utf8')
    .split('\n')
    .filter((l) => l.startsWith('# covers: '))
    .map((l) => l.slice('# covers: '.length).trim());
  return covers.length ? covers : undefined;
}

/** `covered`: the corpus files the truth speaks for; `ours`: our declarations (callers outside the truth's edges count too). */
export function kotlinTruth(file: string, covered: ReadonlySet<string>, ours: readonly DeclRef[]): OracleResult {
  const edges: OracleEdge[] = [];
  const decls = new Map<string, OracleDecl>();
  const add = (path: string, line: number, name: string): DeclRef => {
    const key = `${path}:${line}`;
    if (!decls.has(key)) decls.set(key, { path, line, name, kind: 'method' });
    return { path, line };
  };
  for (const row of readFileSync(join(KOTLIN_TRUTH_DIR, file), 'utf8').split('\n')) {
    if (!row.trim() || row.startsWith('#')) continue;
    const [callerPath, callerLine, caller, calleePath, calleeLine, callee, lines] = row.split('\t');
    if (!callerPath || !calleePath || callee === undefined || caller === undefined) throw new Error(`kotlin truth ${file}: a row with fewer than 7 columns: ${row}`);
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
