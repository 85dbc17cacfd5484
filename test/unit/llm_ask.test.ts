/**
 * Ask
 * ===
 * The context a question gets (search hits, one hop, doc chunks), and the check on the answer:
 * sources not in the context are removed, an answer left without sources and a model that says
 * it cannot tell both become "The graph does not say.", and an empty context sends nothing.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { ask, checkAnswer, gatherContext, NOT_SAID } from '../../extension/core/llm/ask';
import { LlmLedger } from '../../extension/core/llm/ledger';
import type { ChatProvider, ChatRequest } from '../../extension/core/llm/provider';
import { OpenAiChatProvider } from '../../extension/core/llm/providers/openai';
import type { DocsRetriever } from '../../extension/core/llm/sources';
import type { Workspace } from '../../extension/core/workspace';
import { indexFixture } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';

const QUESTION = 'Why do card payments go through one gateway?';

describe('ask', () => {
  let ws: Workspace;
  let stub: OpenAiChatStub;
  let provider: OpenAiChatProvider;
  let gatewayLoc: string;

  before(async () => {
    ws = await indexFixture('decisions/store');
    stub = await startOpenAiChatStub();
    provider = new OpenAiChatProvider({ baseUrl: stub.url, model: 'm', retries: 0 });
    const g = ws.graph.node('py:shop.payments:PaymentGateway')!;
    gatewayLoc = `${g.path}:${g.line}`;
  });
  after(async () => {
    await ws.close();
    await stub.close();
  });

  it('gives the model the search hits and their neighbours, each with its source', async () => {
    const items = await gatherContext(ws.graph, QUESTION);
    const cites = items.map((i) => i.cite);
    assert.ok(cites.includes('ADR-0002'), cites.join(', '));
    assert.ok(cites.includes(gatewayLoc), cites.join(', '));
    assert.ok(items.length <= 10 + 5 * 6);
    assert.ok(items.some((i) => i.via === 'hop'), 'the top hits are expanded by one hop');
    const adr = items.find((i) => i.cite === 'ADR-0002')!;
    assert.match(adr.text, /decision: All card payments go through/);
  });

  it('keeps the sources that were in the context and removes the others', async () => {
    stub.setScript(() => ({
      content: [
        `**Why** Three retry loops were one too many [ADR-0002] [ADR-0099].`,
        `**What** A single gateway class [${gatewayLoc}].`,
        `**Where** In the payments module [shop/legacy_billing.py:3].`,
        '',
        'Sources:',
        '- ADR-0002',
        `- ${gatewayLoc}`,
        '- shop/legacy_billing.py:3',
        '- ADR-0099',
      ].join('\n'),
    }));
    const from = stub.requests.length;
    const a = await ask(ws.graph, QUESTION, { provider, ledger: new LlmLedger() });
    const prompt = stub.requests[from]!.body.messages!.find((m) => m.role === 'user')!.content;
    assert.match(prompt, /\(source: ADR-0002\)/);
    assert.match(prompt, /Question: Why do card payments/);
    assert.equal(a.grounded, true);
    assert.deepEqual(a.sources.map((s) => s.cite).sort(), ['ADR-0002', gatewayLoc].sort());
    assert.deepEqual([...a.removed].sort(), ['ADR-0099', 'shop/legacy_billing.py:3']);
    assert.doesNotMatch(a.answer, /ADR-0099|legacy_billing/);
    assert.match(a.answer, /Sources:\n- ADR-0002\n/);
    assert.equal(a.model, 'endpoint:stub-model');
  });

  it('says "the graph does not say" when the model says so, or cites nothing it was given', async () => {
    stub.setScript(() => ({ content: 'I am afraid the graph does not say anything about that.' }));
    const a = await ask(ws.graph, QUESTION, { provider, ledger: new LlmLedger() });
    assert.equal(a.answer, NOT_SAID);
    assert.equal(a.grounded, false);
    stub.setScript(() => ({ content: 'Because of compliance [docs/compliance.md:4].\n\nSources:\n- docs/compliance.md:4' }));
    const b = await ask(ws.graph, QUESTION, { provider, ledger: new LlmLedger() });
    assert.equal(b.answer, NOT_SAID);
    assert.deepEqual(b.removed, ['docs/compliance.md:4']);
    stub.setScript(() => ({ content: 'Because it is simpler.' }));
    assert.equal((await ask(ws.graph, QUESTION, { provider, ledger: new LlmLedger() })).answer, NOT_SAID, 'a claim without a source is not made');
  });

  it('sends nothing when the graph has nothing on the question', async () => {
    const from = stub.requests.length;
    const a = await ask(ws.graph, 'zqxj wvvk?', { provider, ledger: new LlmLedger() });
    assert.equal(a.answer, NOT_SAID);
    assert.deepEqual(a.context, []);
    assert.equal(stub.requests.length, from);
  });

  it('grounds on doc chunks too: a line inside a chunk counts as that chunk', async () => {
    const docs: DocsRetriever = { retrieve: () => [{ id: 'chunk:docs/guide.md#10-20', path: 'docs/guide.md', startLine: 10, endLine: 20, section: 'Payments', text: 'Payments are retried three times.' }] };
    const items = await gatherContext(ws.graph, QUESTION, docs);
    assert.ok(items.some((i) => i.via === 'docs' && i.cite === 'docs/guide.md:10'));
    const checked = checkAnswer('Retried three times [docs/guide.md:14], not five [docs/guide.md:40].', items);
    assert.deepEqual(checked.sources.map((s) => s.cite), ['docs/guide.md:10']);
    assert.deepEqual(checked.removed, ['docs/guide.md:40']);
    assert.match(checked.answer, /\[docs\/guide\.md:14\]/);
    const failing: DocsRetriever = { retrieve: () => Promise.reject(new Error('index not ready')) };
    assert.ok((await gatherContext(ws.graph, QUESTION, failing)).length > 0, 'a failing docs index leaves the graph');
  });
});

/** A provider that streams its reply in pieces, as vscode.lm does (the endpoint's reply arrives whole). */
function streaming(pieces: readonly string[]): ChatProvider {
  return {
    id: 'streaming',
    async complete(request: ChatRequest) {
      for (const p of pieces) request.onText?.(p);
      return { text: pieces.join(''), model: 'streamed' };
    },
  };
}

describe('ask, streamed as the model writes', () => {
  let ws: Workspace;
  before(async () => {
    ws = await indexFixture('decisions/store');
  });
  after(async () => ws.close());

  it('releases nothing before the first supported citation, then whole lines with unsupported citations removed, and holds back the Sources', async () => {
    const out: string[] = [];
    const pieces = ['**Why** Three retry', ' loops were too many.\n', '**What** One gateway [ADR-00', '02] [ADR-0099].\n**Where** In ', 'shop/payments.py.\n\nSources:\n- ADR-0002\n- ADR-0099\n'];
    const answer = await ask(ws.graph, QUESTION, { provider: streaming(pieces), ledger: new LlmLedger(), onAnswerText: (md) => out.push(md) });
    assert.equal(answer.streamed, true);
    assert.equal(answer.grounded, true);
    const shown = out.join('');
    assert.equal(out[0], '**Why** Three retry loops were too many.\n**What** One gateway [ADR-0002].\n', 'released at the first line citing the context, lines whole');
    assert.ok(!shown.includes('ADR-0099'), 'the unsupported citation never reaches the screen');
    assert.ok(!/Sources/.test(shown), 'the sources are listed by the caller, checked');
    assert.equal(shown.trimEnd(), answer.answer.split('\n\nSources:')[0]);
  });

  it('shows nothing of an answer that never cites the graph', async () => {
    const out: string[] = [];
    const pieces = ['**Why** Because ', 'it is faster [ADR-0099].\n', 'Sources:\n- ADR-0099\n'];
    const answer = await ask(ws.graph, QUESTION, { provider: streaming(pieces), ledger: new LlmLedger(), onAnswerText: (md) => out.push(md) });
    assert.deepEqual(out, []);
    assert.equal(answer.streamed, undefined);
    assert.equal(answer.answer, NOT_SAID);
  });
});

