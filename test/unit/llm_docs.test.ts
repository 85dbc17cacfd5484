/**
 * The LLM layer over the docs index
 * =================================
 * Through the two ports of sources.ts: sections are runs of chunks under the same headings (the
 * overlap between chunks not repeated), ADRs are left to the record extraction, short sections
 * are not worth a request; a section's decisions hang from its `doc:` node; ask grounds on the
 * retrieved chunks.
 */
import assert from 'node:assert/strict';
import { afterEach, beforeEach, describe, it } from 'node:test';
import { LlmLayer } from '../../extension/core/llm/layer';
import { decisionId } from '../../extension/core/llm/nodes';
import { DEFAULT_LLM_SETTINGS } from '../../extension/core/llm/settings';
import { docSources, docsPorts, type DocsIndexLike } from '../../extension/core/llm/sources';
import type { Workspace } from '../../extension/core/workspace';
import { indexFixture } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';

const lines = (from: number, to: number, word: string): string => Array.from({ length: to - from + 1 }, (_, i) => `${word} line ${from + i} of the retry guide, long enough to matter.`).join('\n');

const chunk = (path: string, headings: string[], startLine: number, endLine: number, word = 'retry') => ({
  id: `chunk:${path}#${startLine}-${endLine}`,
  path,
  section: headings.at(-1) ?? '',
  headings,
  text: lines(startLine, endLine, word),
  startLine,
  endLine,
});

const CHUNKS = {
  'docs/guide.md': [chunk('docs/guide.md', ['Guide', 'Retries'], 1, 10), chunk('docs/guide.md', ['Guide', 'Retries'], 9, 20), chunk('docs/guide.md', ['Guide', 'Setup'], 21, 30, 'setup')],
  'docs/adr/0002-payments-go-through-one-gateway.md': [chunk('docs/adr/0002-payments-go-through-one-gateway.md', ['Payments'], 1, 10)],
  'docs/tiny.md': [{ ...chunk('docs/tiny.md', ['Tiny'], 1, 1), text: 'Too short.' }],
};

const fakeDocs: DocsIndexLike = {
  documents: () => Object.keys(CHUNKS).sort(),
  chunksOf: (path) => CHUNKS[path as keyof typeof CHUNKS] ?? [],
  query: async (_graph, text) => ({ chunks: /retr/i.test(text) ? [{ chunk: CHUNKS['docs/guide.md'][0]! }] : [] }),
};

describe('LLM layer over the docs index', () => {
  let ws: Workspace;
  let stub: OpenAiChatStub;
  beforeEach(async () => {
    ws = await indexFixture('decisions/store');
    stub = await startOpenAiChatStub();
  });
  afterEach(async () => {
    await ws.close();
    await stub.close();
  });

  it('makes sections of the chunks under the same headings, without repeating the overlap', () => {
    const ports = docsPorts(fakeDocs, () => ws.graph)!;
    const guide = ports.sections().filter((s) => s.path === 'docs/guide.md');
    assert.deepEqual(guide.map((s) => [s.heading, s.startLine]), [['Retries', 1], ['Setup', 21]]);
    const text = guide[0]!.text;
    assert.equal(text.match(/retry line 9 /g)?.length, 1, 'the overlapping lines once');
    assert.match(text, /retry line 20 /);
    const sources = docSources(ports, (p) => ws.decisions.isDocument(p));
    assert.deepEqual(sources.map((s) => `${s.nodeId}:${s.startLine}`), ['doc:docs/guide.md:1', 'doc:docs/guide.md:21'], 'no ADR, nothing too short');
    assert.equal(docsPorts({ documents: () => [] }, () => ws.graph), undefined, 'not a docs index');
  });

  it('hangs a section\'s decisions from its doc node, and grounds ask on retrieved chunks', async () => {
    ws.graph.setNode('doc:docs/guide.md', { kind: 'doc', name: 'guide.md', path: 'docs/guide.md', line: 1 });
    const statement = 'Retries back off exponentially.';
    stub.setScript((req) => {
      const system = req.body.messages?.[0]?.content ?? '';
      const user = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
      if (system.startsWith('You extract')) return { content: JSON.stringify({ decisions: user.includes('docs/guide.md') ? [{ statement, confidence: 0.7 }] : [], concepts: [], tradeOffs: [], principles: [], files: [] }) };
      return { content: 'They back off [docs/guide.md:4].\n\nSources:\n- docs/guide.md:4' };
    });
    const ports = docsPorts(fakeDocs, () => ws.graph)!;
    const layer = new LlmLayer(ws, { settings: { ...DEFAULT_LLM_SETTINGS, enabled: true, baseUrl: stub.url, retries: 0 }, persist: false, docs: () => ports });
    const provider = await layer.resolve();
    const report = await layer.extract(provider);
    assert.equal(report.sources, 6 + 2, 'six ADRs and two doc sections');
    const id = decisionId('docs/guide.md', statement);
    assert.equal(ws.graph.edge(`decided_in|${id}|doc:docs/guide.md`)?.via, 'llm');
    assert.equal(ws.graph.node(id)?.line, 1, 'said in both sections: one decision, at the first');
    assert.deepEqual(ws.graph.edge(`decided_in|${id}|doc:docs/guide.md`)?.lines, [1, 21]);
    const answer = await layer.ask(provider, 'How do retries work?');
    assert.equal(answer.grounded, true);
    assert.deepEqual(answer.sources.map((s) => s.cite), ['docs/guide.md:1']);
    assert.ok(answer.context.some((c) => c.via === 'docs'));
  });
});
