/**
 * Edge comparison
 * ===============
 * Our call edges against an oracle's, keyed by (caller path:line, callee path:line): precision,
 * recall, and the edges that differ, with a printer that makes a failing accuracy test readable.
 *
 * Scope: an oracle cannot speak about everything (pyright says nothing of module-level code;
 * neither oracle has a node for a declaration the graph does not model). Edges whose caller is
 * outside `scope.callers`, or whose callee is outside `scope.callees`, are ignored on both sides
 * and counted as such, so a narrower oracle never shows up as our mistake.
 */
import { declKey, edgeKeyOf, type DeclRef, type OracleDecl, type OracleEdge, type OracleResult } from './types';

export interface EdgeLike {
  caller: DeclRef;
  callee: DeclRef;
  callSiteLines?: number[];
}

export interface CompareScope {
  /** Callers the comparison covers; absent = all. */
  callers?: Iterable<DeclRef>;
  /** Callees the comparison covers; absent = all. */
  callees?: Iterable<DeclRef>;
}

export interface Comparison {
  precision: number;
  recall: number;
  truePositives: number;
  falsePositives: EdgeLike[];
  falseNegatives: OracleEdge[];
  /** Edges left out by the scope. */
  ignored: { ours: number; oracle: number };
}

export function compareEdges(ours: readonly EdgeLike[], oracle: readonly OracleEdge[], scope: CompareScope = {}): Comparison {
  const callers = scope.callers ? new Set([...scope.callers].map(declKey)) : undefined;
  const callees = scope.callees ? new Set([...scope.callees].map(declKey)) : undefined;
  const inScope = (e: EdgeLike): boolean => (!callers || callers.has(declKey(e.caller))) && (!callees || callees.has(declKey(e.callee)));

  const mine = new Map<string, EdgeLike>();
  let ignoredOurs = 0;
  for (const e of ours) {
    if (inScope(e)) mine.set(edgeKeyOf(e), e);
    else ignoredOurs++;
  }
  const theirs = new Map<string, OracleEdge>();
  let ignoredOracle = 0;
  for (const e of oracle) {
    if (inScope(e)) theirs.set(edgeKeyOf(e), e);
    else ignoredOracle++;
  }

  let truePositives = 0;
  const falsePositives: EdgeLike[] = [];
  for (const [k, e] of mine) {
    if (theirs.has(k)) truePositives++;
    else falsePositives.push(e);
  }
  const falseNegatives = [...theirs].filter(([k]) => !mine.has(k)).map(([, e]) => e);
  const ratio = (n: number, d: number): number => (d === 0 ? 1 : n / d);
  return {
    precision: ratio(truePositives, truePositives + falsePositives.length),
    recall: ratio(truePositives, truePositives + falseNegatives.length),
    truePositives,
    falsePositives: sortEdges(falsePositives),
    falseNegatives: sortEdges(falseNegatives),
    ignored: { ours: ignoredOurs, oracle: ignoredOracle },
  };
}

/**
 * The usual scope for our graph against an oracle: callers the oracle speaks for and callees it
 * knows, each also present among our declarations (when given), so a node we do not model is
 * not scored as a resolution mistake.
 */
export function scopeFor(result: OracleResult, ourDeclarations?: Iterable<DeclRef>): { callers: OracleDecl[]; callees: OracleDecl[] } {
  const ours = ourDeclarations ? new Set([...ourDeclarations].map(declKey)) : undefined;
  const keep = (d: OracleDecl): boolean => !ours || ours.has(declKey(d));
  return { callers: result.callers.filter(keep), callees: result.declarations.filter(keep) };
}

/**
 * Our `inherits` edges against the oracle's, over the classes the oracle looked at that we model
 * too; undefined when the oracle was not asked about inheritance.
 */
export function compareInherits(ours: { inherits: readonly EdgeLike[]; declarations: Iterable<DeclRef> }, truth: OracleResult): Comparison | undefined {
  if (!truth.inherits || !truth.classes) return undefined;
  const mine = new Set([...ours.declarations].map(declKey));
  const classes = truth.classes.filter((c) => mine.has(declKey(c)));
  return compareEdges(ours.inherits, truth.inherits, { callers: classes, callees: classes });
}

function sortEdges<T extends EdgeLike>(edges: T[]): T[] {
  return edges.sort((a, b) => (edgeKeyOf(a) < edgeKeyOf(b) ? -1 : edgeKeyOf(a) > edgeKeyOf(b) ? 1 : 0));
}

/** A readable report: the scores, then each differing edge with names and call-site lines. */
export function formatComparison(title: string, cmp: Comparison, declarations: readonly OracleDecl[] = []): string {
  const names = new Map(declarations.map((d) => [declKey(d), d.name]));
  const show = (d: DeclRef): string => {
    const name = d.line === 0 ? '<module>' : names.get(declKey(d));
    return `${declKey(d)}${name ? ` (${name})` : ''}`;
  };
  const line = (e: EdgeLike): string => `    ${show(e.caller)} -> ${show(e.callee)}${e.callSiteLines?.length ? `  @ line ${e.callSiteLines.join(', ')}` : ''}`;
  const pct = (x: number): string => `${(x * 100).toFixed(1)}%`;
  const out = [
    `${title}: precision ${pct(cmp.precision)}, recall ${pct(cmp.recall)} ` +
      `(${cmp.truePositives} agree, ${cmp.falsePositives.length} only ours, ${cmp.falseNegatives.length} only the oracle's; ` +
      `out of scope: ${cmp.ignored.ours} ours, ${cmp.ignored.oracle} the oracle's)`,
  ];
  if (cmp.falsePositives.length) out.push('  false positives (ours, not the oracle):', ...cmp.falsePositives.map(line));
  if (cmp.falseNegatives.length) out.push('  false negatives (the oracle, not ours):', ...cmp.falseNegatives.map(line));
  return out.join('\n');
}
