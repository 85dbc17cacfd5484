/**
 * Docs retrieval as a user meets it
 * =================================
 * The classed question set (test/fixtures/docs_retrieval/classed.json) asked of the real
 * Workspace: each project folder of the corpus (code and documents) is indexed as a workspace,
 * and each question goes through DocsIndex.query, with graph expansion and without. A chunk is
 * relevant when it overlaps an answer range, so the set survives chunker changes. Shared by the
 * unit test (floors) and the bench (the printed figures).
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Workspace } from '../../extension/core/workspace';
import type { EmbeddingsConfig } from '../../extension/core/docs/config';

export const RETRIEVAL_FIXTURE = join(__dirname, '..', 'fixtures', 'docs_retrieval');
export const RETRIEVAL_CORPUS = join(RETRIEVAL_FIXTURE, 'corpus');

export type QuestionClass = 'lexical' | 'paraphrase' | 'linked';

export interface ClassedQuestion {
  id: string;
  class: QuestionClass;
  question: string;
  /** Corpus-relative paths (`click/docs/options.html`): the first segment is the project. */
  answers: { path: string; lines: [number, number] }[];
}

export interface ClassScores {
  questions: number;
  recall5: number;
  hit5: number;
  mrr: number;
}

export interface QualityRun {
  /** Per class and `all`. */
  scores: Record<QuestionClass | 'all', ClassScores>;
  /** Top-5 chunks: how long they are (lines), and how many top-5s hold one document only. */
  top5Lines: { median: number; over40: number; max: number; oneDocument: number };
  misses: string[];
  /** Per question: recall@5 and the rank of the first relevant chunk (0: none in the top 10). */
  perQuestion: { id: string; recall5: number; rank: number }[];
}

export function classedQuestions(): ClassedQuestion[] {
  return (JSON.parse(readFileSync(join(RETRIEVAL_FIXTURE, 'classed.json'), 'utf8')) as { questions: ClassedQuestion[] }).questions;
}

export function projectOf(q: ClassedQuestion): string {
  return q.answers[0]!.path.split('/')[0]!;
}

/** Indexes each project the questions ask about (code and Markdown/HTML documents). */
export async function openProjects(questions: readonly ClassedQuestion[], embeddings?: EmbeddingsConfig): Promise<Map<string, Workspace>> {
  const out = new Map<string, Workspace>();
  for (const name of [...new Set(questions.map(projectOf))].sort()) {
    const ws = await Workspace.open(join(RETRIEVAL_CORPUS, name), {
      persist: false,
      workers: 0,
      docs: { include: ['*.md', '*.html'], ...(embeddings ? { embeddings } : {}) },
    });
    await ws.index();
    if (embeddings) await ws.docs.embedded();
    out.set(name, ws);
  }
  return out;
}

export async function measureQuality(projects: ReadonlyMap<string, Workspace>, questions: readonly ClassedQuestion[], expand: boolean): Promise<QualityRun> {
  const sums = new Map<string, { n: number; recall: number; hit: number; mrr: number }>();
  const add = (key: string, recall: number, hit: number, mrr: number): void => {
    const s = sums.get(key) ?? { n: 0, recall: 0, hit: 0, mrr: 0 };
    s.n++;
    s.recall += recall;
    s.hit += hit;
    s.mrr += mrr;
    sums.set(key, s);
  };
  const lines: number[] = [];
  let oneDocument = 0;
  const misses: string[] = [];
  const perQuestion: QualityRun['perQuestion'] = [];
  for (const q of questions) {
    const project = projectOf(q);
    const ws = projects.get(project)!;
    const answers = q.answers.map((a) => ({ path: a.path.slice(project.length + 1), lines: a.lines }));
    const relevant = new Set<string>();
    for (const path of ws.docs.documents()) {
      for (const c of ws.docs.chunksOf(path)) if (answers.some((a) => a.path === c.path && c.startLine <= a.lines[1] && c.endLine >= a.lines[0])) relevant.add(c.id);
    }
    const result = await ws.docs.query(ws.graph, q.question, { k: 10, ...(expand ? {} : { expand: false }) });
    const ids = result.chunks.map((h) => h.chunk.id);
    const top5 = result.chunks.slice(0, 5);
    for (const h of top5) lines.push(h.chunk.endLine - h.chunk.startLine + 1);
    if (top5.length === 5 && new Set(top5.map((h) => h.chunk.path)).size === 1) oneDocument++;
    const found = ids.slice(0, 5).filter((id) => relevant.has(id)).length;
    const recall = relevant.size ? found / Math.min(5, relevant.size) : 0;
    const first = ids.slice(0, 10).findIndex((id) => relevant.has(id));
    const mrr = first >= 0 ? 1 / (first + 1) : 0;
    perQuestion.push({ id: q.id, recall5: recall, rank: first + 1 });
    if (found === 0) misses.push(`${q.id} (${q.class}): ${q.question}`);
    add(q.class, recall, found > 0 ? 1 : 0, mrr);
    add('all', recall, found > 0 ? 1 : 0, mrr);
  }
  const scores = {} as Record<QuestionClass | 'all', ClassScores>;
  for (const key of ['lexical', 'paraphrase', 'linked', 'all'] as const) {
    const s = sums.get(key) ?? { n: 0, recall: 0, hit: 0, mrr: 0 };
    scores[key] = { questions: s.n, recall5: s.recall / Math.max(1, s.n), hit5: s.hit / Math.max(1, s.n), mrr: s.mrr / Math.max(1, s.n) };
  }
  lines.sort((a, b) => a - b);
  return {
    scores,
    top5Lines: { median: lines[lines.length >> 1] ?? 0, over40: lines.filter((n) => n > 40).length / Math.max(1, lines.length), max: lines[lines.length - 1] ?? 0, oneDocument },
    misses,
    perQuestion,
  };
}

/** The figures as a table: a row per class, recall@5 / hit@5 / MRR with and without expansion. */
export function renderQuality(withGraph: QualityRun, without: QualityRun): string[] {
  const f = (x: number): string => x.toFixed(3);
  const rows = (['lexical', 'paraphrase', 'linked', 'all'] as const).map((k) => {
    const a = withGraph.scores[k];
    const b = without.scores[k];
    return [k, String(a.questions), f(a.recall5), f(a.hit5), f(a.mrr), f(b.recall5), f(b.hit5), f(b.mrr)];
  });
  return [['class', 'questions', 'R@5 graph', 'hit@5 graph', 'MRR graph', 'R@5 no graph', 'hit@5 no graph', 'MRR no graph'], ...rows].map((r) => r.join(' | '));
}
