/**
 * The decision subgraph
 * =====================
 * From every document's facts and the current code graph, the decision nodes and edges the graph
 * should hold: adr, config and concept nodes; governs, defines, references, supersedes, same_as
 * and related_to edges; unresolved mentions kept on the node that wrote them. A pure function:
 * the DecisionIndex diffs its result against the graph, which is how an incremental update ends
 * up equal to a full build.
 */
import { posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import { edgeKey } from '../model/types';
import type { DecisionAttributes, EdgeAttributes, EdgeKind, NodeAttributes, UnresolvedMention } from '../model/types';
import type { DecisionConfig } from './config';
import type { DocumentFacts, InstructionFacts, MentionFact, RecordFacts } from './facts';
import { CodeExtracts } from './code_extracts';
import { CodeLinker } from './link';
import { slug } from './markdown';
import { classify } from './mentions';
import { normalise, type Reconciled } from './reconcile';
import type { WantedEdge } from '../model/owned_subgraph';
import { adrId, conceptId, configId } from '../model/ids';

/** What the decision graph wants in the graph (applied by OwnedSubgraph); built up, so mutable. */
export interface DecisionSubgraph {
  nodes: Map<string, NodeAttributes>;
  edges: Map<string, WantedEdge>;
}

export function recordName(r: RecordFacts): string {
  return r.number !== undefined ? `ADR-${String(r.number).padStart(4, '0')}` : posix.basename(r.path, '.md');
}

/** Concept nodes and their names, without the graph: reconciliation needs only these. */
export function conceptNodes(docs: readonly DocumentFacts[]): Map<string, NodeAttributes> {
  const out = new Map<string, NodeAttributes>();
  for (const d of docs) {
    if (d.kind === 'adr') {
      const anchors = new Anchors();
      for (const c of d.concepts) out.set(conceptId(d.path, anchors.next(slug(c.name))), concept(c.name, d.path, c.line));
    } else {
      const sections = new Anchors();
      for (const s of d.sections) {
        const section = sections.next(slug(s.title));
        const anchors = new Anchors();
        for (const c of s.concepts) out.set(conceptId(d.path, `${section}/${anchors.next(slug(c.name))}`), concept(c.name, d.path, c.line));
      }
    }
  }
  return out;
}

function concept(name: string, path: string, line: number): NodeAttributes {
  return { kind: 'concept', name, path, line, startLine: line, endLine: line };
}

/** GitHub's anchors: the second "Testing" heading is #testing-1. */
class Anchors {
  private readonly seen = new Map<string, number>();
  next(base: string): string {
    const b = base || 'section';
    const n = this.seen.get(b) ?? 0;
    this.seen.set(b, n + 1);
    return n === 0 ? b : `${b}-${n}`;
  }
}

export function buildSubgraph(graph: CodeGraph, docs: readonly DocumentFacts[], config: DecisionConfig, reconciled: Reconciled, extracts: CodeExtracts = new CodeExtracts()): DecisionSubgraph {
  const out: DecisionSubgraph = { nodes: new Map(), edges: new Map() };
  const linker = new CodeLinker(graph, extracts.get());
  const records = docs.filter((d): d is RecordFacts => d.kind === 'adr').sort((a, b) => (a.path < b.path ? -1 : 1));
  const byPath = new Map(records.map((r) => [r.path, r]));
  const byNumber = new Map<number, RecordFacts[]>();
  for (const r of records) if (r.number !== undefined) byNumber.set(r.number, [...(byNumber.get(r.number) ?? []), r]);

  for (const r of records) {
    const unresolved: UnresolvedMention[] = [];
    const id = adrId(r.path);
    const info: DecisionAttributes = { title: r.title, format: r.format };
    if (r.number !== undefined) info.number = r.number;
    if (r.status) info.status = r.status;
    if (r.date) info.date = r.date;
    if (r.context) info.context = r.context;
    if (r.sentence) info.sentence = r.sentence;
    if (r.consequences) info.consequences = r.consequences;
    if (r.principles) info.principles = r.principles;
    out.nodes.set(id, { kind: 'adr', name: recordName(r), path: r.path, line: 1, startLine: 1, endLine: Math.max(1, r.lines), doc: r.title, decision: info });
    linkMentions(out, linker, graph, id, r.path, r.mentions, unresolved);
    for (const ref of r.records) {
      const target = ref.ref.endsWith('.md') ? byPath.get(ref.ref) : pickRecord(byNumber.get(Number(ref.ref)), r.path);
      if (!target) {
        unresolved.push({ ...ref.span, text: ref.ref.endsWith('.md') ? ref.ref : `ADR-${ref.ref.padStart(4, '0')}`, reason: ref.ref.endsWith('.md') ? `no record at ${ref.ref}` : `no record numbered ${ref.ref}` });
        continue;
      }
      if (target === r) continue;
      const [kind, source, dest] =
        ref.relation === 'supersedes' ? (['supersedes', id, adrId(target.path)] as const)
        : ref.relation === 'superseded_by' ? (['supersedes', adrId(target.path), id] as const)
        : (['references', id, adrId(target.path)] as const);
      addEdge(out, kind, source, dest, { lines: [ref.span.line] }, source === id);
    }
    if (unresolved.length) info.unresolved = sortMentions(unresolved);
  }

  for (const d of docs) if (d.kind === 'instructions') addInstructions(out, linker, graph, d);

  const concepts = conceptNodes(docs);
  for (const [id, attrs] of concepts) out.nodes.set(id, attrs);
  for (const d of docs) addDefines(out, d);
  for (const m of reconciled.matches) {
    const attrs: Omit<EdgeAttributes, 'kind'> = { score: m.score, via: m.via };
    addEdge(out, m.kind, m.a, m.b, attrs, false);
  }
  for (const [id, cluster] of reconciled.clusters) {
    const node = out.nodes.get(id);
    if (node) node.decision = { ...(node.decision ?? {}), cluster };
  }
  linkConceptsToCode(out, graph, concepts, config);

  // supersededBy, from edges stated on either side.
  for (const e of out.edges.values()) {
    if (e.kind !== 'supersedes') continue;
    const old = out.nodes.get(e.target)?.decision;
    const by = out.nodes.get(e.source)?.name;
    if (old && by) old.supersededBy = [...new Set([...(old.supersededBy ?? []), by])].sort();
  }
  return out;
}

function pickRecord(candidates: RecordFacts[] | undefined, from: string): RecordFacts | undefined {
  if (!candidates?.length) return undefined;
  // Numbers are per folder: a record in the same folder wins.
  return candidates.find((c) => posix.dirname(c.path) === posix.dirname(from)) ?? candidates[0];
}

/**
 * Governs edges from a document's mentions; one edge per target, with every line that names it.
 * Fenced code goes last: its receiver calls resolve among the classes the rest of the document linked.
 */
function linkMentions(out: DecisionSubgraph, linker: CodeLinker, graph: CodeGraph, source: string, docPath: string, mentions: readonly MentionFact[], unresolved: UnresolvedMention[]): void {
  const mentioned = new Set<string>();
  for (const m of mentions) {
    const c = m.form === 'code' ? classify(m.text) : undefined;
    if (c?.form === 'name') for (const p of c.parts) mentioned.add(p);
  }
  const context = new Set<string>();
  const link = (m: MentionFact): void => {
    const r = linker.resolve(m, docPath, mentioned, context);
    if (r.kind === 'unresolved') unresolved.push({ ...m.span, text: m.text, reason: r.reason });
    if (r.kind !== 'linked') return;
    for (const t of r.targets) {
      const attrs: Omit<EdgeAttributes, 'kind'> = { lines: [m.span.line], score: t.score, via: t.via };
      if (t.confidence && t.confidence !== 'resolved') attrs.confidence = t.confidence;
      addEdge(out, 'governs', source, t.id, attrs, true);
      if (m.form === 'fence') continue;
      const node = graph.node(t.id);
      if (node?.kind === 'class' || node?.kind === 'interface' || node?.kind === 'type') context.add(node.name);
      else if (node?.kind === 'method') context.add((node.qualifiedName ?? '').split('.').slice(-2, -1)[0] ?? '');
    }
  };
  for (const m of mentions) if (m.form !== 'fence') link(m);
  for (const m of mentions) if (m.form === 'fence') link(m);
}

function addInstructions(out: DecisionSubgraph, linker: CodeLinker, graph: CodeGraph, d: InstructionFacts): void {
  const anchors = new Anchors();
  for (const s of d.sections) {
    const id = configId(d.path, anchors.next(slug(s.title)));
    const info: DecisionAttributes = { title: s.title, format: 'instructions' };
    const unresolved: UnresolvedMention[] = [];
    const attrs: NodeAttributes = { kind: 'config', name: s.title, path: d.path, line: s.line, startLine: s.line, endLine: Math.max(s.line, s.endLine), decision: info };
    if (s.summary) attrs.doc = s.summary;
    out.nodes.set(id, attrs);
    linkMentions(out, linker, graph, id, d.path, s.mentions, unresolved);
    if (unresolved.length) info.unresolved = sortMentions(unresolved);
  }
}

function addDefines(out: DecisionSubgraph, d: DocumentFacts): void {
  if (d.kind === 'adr') {
    const anchors = new Anchors();
    for (const c of d.concepts) addEdge(out, 'defines', adrId(d.path), conceptId(d.path, anchors.next(slug(c.name))), { lines: [c.line] }, false);
    return;
  }
  const sections = new Anchors();
  for (const s of d.sections) {
    const section = sections.next(slug(s.title));
    const anchors = new Anchors();
    for (const c of s.concepts) addEdge(out, 'defines', configId(d.path, section), conceptId(d.path, `${section}/${anchors.next(slug(c.name))}`), { lines: [c.line] }, false);
  }
}

/** A concept named like a class, interface or folder of the workspace is the same thing (exact tier only). */
function linkConceptsToCode(out: DecisionSubgraph, graph: CodeGraph, concepts: Map<string, NodeAttributes>, config: DecisionConfig): void {
  for (const [id, c] of [...concepts].sort(([a], [b]) => (a < b ? -1 : 1))) {
    const words = normalise(c.name, config.aliases).split(' ').filter((w) => w !== '');
    if (!words.length) continue;
    const forms = new Set([words.join(''), words.join('_'), words.join('-')]);
    const hits = new Set<string>();
    for (const form of forms) {
      for (const target of graph.findByName(form)) {
        const kind = graph.node(target)?.kind;
        if (kind === 'class' || kind === 'interface' || kind === 'enum' || kind === 'module') hits.add(target);
      }
    }
    if (hits.size > 4) continue; // a common word names too many things to say which
    for (const target of [...hits].sort()) addEdge(out, 'same_as', id, target, { score: 1, via: 'exact' }, false);
  }
}

/**
 * Adds or merges an edge. Merging keeps the highest score (and its via and confidence) and the
 * union of the lines, so a target named three times gets one edge saying so.
 */
function addEdge(out: DecisionSubgraph, kind: EdgeKind, source: string, target: string, attrs: Omit<EdgeAttributes, 'kind'>, merge: boolean): void {
  if (source === target) return;
  const key = edgeKey(kind, source, target);
  const prev = out.edges.get(key);
  if (!prev) {
    out.edges.set(key, { kind, source, target, attrs });
    return;
  }
  const lines = [...new Set([...(prev.attrs.lines ?? []), ...(attrs.lines ?? [])])].sort((a, b) => a - b);
  const better = merge && (attrs.score ?? 0) > (prev.attrs.score ?? 0) ? attrs : prev.attrs;
  const next: Omit<EdgeAttributes, 'kind'> = { ...better };
  if (lines.length) next.lines = lines;
  prev.attrs = next;
}

function sortMentions(list: UnresolvedMention[]): UnresolvedMention[] {
  return list.sort((a, b) => a.line - b.line || a.col - b.col || (a.text < b.text ? -1 : 1));
}
