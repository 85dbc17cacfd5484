/**
 * Why the differences
 * ===================
 * Sorts each difference between our call edges and an oracle's by cause, from our own facts, so a
 * run says where the misses come from rather than only how many there are:
 *  - missed (the oracle's edge, not ours):
 *    `dispatch` the oracle names an interface method (a call through an interface or abstract
 *      member, counted apart, as an override is: we name the implementation or nothing);
 *    `not extracted` we have no call at that line from that caller;
 *    `elsewhere` we resolved the call at that line, to another declaration;
 *    `self/this member` the receiver is `self`/`this`/`cls` and we could not place it;
 *    `unknown receiver` any other receiver we could not type; `bare name` a plain name we could not place.
 *  - extra (ours, not the oracle's): by the edge's confidence (`resolved`, `inferred`, `name`).
 */
import type { Comparison } from './compare';
import type { OurGraph } from './ours';
import { declKey, type OracleDecl } from './types';

export interface Causes {
  missed: Record<string, number>;
  extra: Record<string, number>;
}

const bump = (counts: Record<string, number>, key: string): void => {
  counts[key] = (counts[key] ?? 0) + 1;
};

export function causesOf(cmp: Comparison, ours: OurGraph, oracleDecls: readonly OracleDecl[]): Causes {
  const kindOf = new Map(oracleDecls.map((d) => [declKey(d), d.kind]));
  // Our edges by (caller, call-site line), to tell "resolved elsewhere" from "not resolved".
  const resolvedAt = new Set<string>();
  for (const e of ours.edges) for (const line of e.callSiteLines ?? []) resolvedAt.add(`${declKey(e.caller)}@${line}`);
  const missed: Record<string, number> = {};
  for (const e of cmp.falseNegatives) {
    if (kindOf.get(declKey(e.callee)) === 'interface-method') {
      bump(missed, 'dispatch');
      continue;
    }
    const lines = new Set(e.callSiteLines);
    const facts = (ours.calls.get(e.caller.path) ?? []).filter((c) => c.callerLine === e.caller.line && lines.has(c.fact.line));
    if (facts.length === 0) bump(missed, 'not extracted');
    else if (e.callSiteLines.some((l) => resolvedAt.has(`${declKey(e.caller)}@${l}`))) bump(missed, 'elsewhere');
    else {
      const head = facts[0]!.fact.callee[0] ?? '';
      const chainLength = facts[0]!.fact.callee.length;
      bump(missed, chainLength === 1 ? 'bare name' : /^(self|this|cls)$/.test(head) ? 'self/this member' : 'unknown receiver');
    }
  }
  const extra: Record<string, number> = {};
  const confidence = new Map(ours.edges.map((e) => [`${declKey(e.caller)} -> ${declKey(e.callee)}`, e.confidence ?? 'resolved']));
  for (const e of cmp.falsePositives) bump(extra, confidence.get(`${declKey(e.caller)} -> ${declKey(e.callee)}`) ?? 'resolved');
  return { missed, extra };
}

export function formatCauses(c: Causes): string {
  const list = (counts: Record<string, number>): string =>
    Object.entries(counts)
      .sort((a, b) => b[1] - a[1] || (a[0] < b[0] ? -1 : 1))
      .map(([k, n]) => `${k} ${n}`)
      .join(', ') || 'none';
  return `missed: ${list(c.missed)}; extra by confidence: ${list(c.extra)}`;
}
