/**
 * The LLM layer from the CLI
 * ==========================
 * `kg-memory ask`, `kg-memory llm extract` and `kg-memory llm status` as separate processes
 * against a loopback chat server: off by default (exit 2, nothing sent), a grounded answer with
 * its sources (exit 0), "The graph does not say." (exit 1), and a record extracted once is not
 * sent again by the next process; status counts what was sent, per document.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { FIXTURES } from '../helpers/workspace';
import { startOpenAiChatStub, type OpenAiChatStub } from '../helpers/openai_chat_stub';
import { CLI, ensureBuilt } from './helpers';

const ADR2 = 'docs/adr/0002-payments-go-through-one-gateway.md';

/** Runs the CLI without blocking this process's event loop (the stub answers from here). */
function run(args: string[], env: Record<string, string>): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const base: Record<string, string> = {};
    for (const [k, v] of Object.entries(process.env)) if (v !== undefined && !k.startsWith('KG_LLM_')) base[k] = v;
    const child = spawn(process.execPath, [CLI, ...args], { env: { ...base, KG_MEMORY_LOG: 'error', ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d: Buffer) => (stdout += d.toString()));
    child.stderr.on('data', (d: Buffer) => (stderr += d.toString()));
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('LLM layer from the CLI', { timeout: 180_000 }, () => {
  let stub: OpenAiChatStub;
  let root: string;
  let on: Record<string, string>;

  before(async () => {
    ensureBuilt();
    root = mkdtempSync(join(tmpdir(), 'kg-llm-cli-'));
    cpSync(join(FIXTURES, 'decisions', 'store'), root, { recursive: true });
    stub = await startOpenAiChatStub((req) => {
      const system = req.body.messages?.[0]?.content ?? '';
      const user = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
      if (system.startsWith('You extract')) {
        return { content: JSON.stringify({ decisions: user.includes(ADR2) ? [{ statement: 'All card payments go through PaymentGateway.', confidence: 0.9 }] : [], concepts: [], tradeOffs: [], principles: [], files: [] }) };
      }
      if (system.startsWith('You compare')) return { content: '{"scores": []}' };
      if (user.includes('Question: What colour')) return { content: 'Blue [docs/colours.md:1].' };
      return { content: '**Why** One retry loop [ADR-0002].\n\nSources:\n- ADR-0002' };
    });
    on = { KG_LLM_ENABLED: 'true', KG_LLM_BASE_URL: stub.url, KG_LLM_MODEL: 'cli-model', KG_LLM_RETRIES: '0' };
  });
  after(async () => {
    await stub?.close();
    rmSync(root, { recursive: true, force: true });
  });

  it('is off by default: says how to turn it on, exits 2, sends nothing', async () => {
    const r = await run(['ask', 'Why one gateway?', '--root', root], { KG_LLM_BASE_URL: stub.url });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /KG_LLM_ENABLED=true/);
    const s = await run(['llm', 'status', '--json', '--root', root], { KG_LLM_BASE_URL: stub.url });
    assert.equal(s.code, 0, s.stderr);
    assert.equal((JSON.parse(s.stdout) as { enabled: boolean }).enabled, false);
    assert.equal(stub.connections, 0);
  });

  it('answers with checked sources, or says the graph does not say', async () => {
    const r = await run(['ask', 'Why', 'do', 'payments', 'go', 'through', 'one', 'gateway?', '--root', root], on);
    assert.equal(r.code, 0, r.stderr);
    assert.match(r.stdout, /One retry loop \[ADR-0002\]/);
    assert.match(r.stdout, /Sources:\n- ADR-0002/);
    assert.equal(stub.requests.at(-1)!.body.model, 'cli-model');
    const none = await run(['ask', 'What colour are the payments?', '--root', root, '--json'], on);
    assert.equal(none.code, 1);
    const answer = JSON.parse(none.stdout) as { answer: string; removed: string[] };
    assert.equal(answer.answer, 'The graph does not say.');
    assert.deepEqual(answer.removed, ['docs/colours.md:1']);
  });

  it('extracts once: the next process sends nothing for unchanged records; status counts per document', async () => {
    const first = await run(['llm', 'extract', '--json', '--root', root], on);
    assert.equal(first.code, 0, first.stderr);
    const a = JSON.parse(first.stdout) as { requests: number; cacheHits: number; decisions: number; sources: number };
    assert.deepEqual([a.sources, a.requests, a.cacheHits, a.decisions], [6, 6, 0, 1]);
    const before = stub.requests.length;
    const second = await run(['llm', 'extract', '--json', '--no-reconcile', '--root', root], on);
    const b = JSON.parse(second.stdout) as { requests: number; cacheHits: number; decisions: number };
    assert.deepEqual([b.requests, b.cacheHits, b.decisions], [0, 6, 1]);
    assert.equal(stub.requests.length, before, 'nothing sent');
    const status = await run(['llm', 'status', '--json', '--root', root], on);
    const s = JSON.parse(status.stdout) as { enabled: boolean; provider: string; sent: { requests: number; byDocument: Record<string, { requests: number }> }; graph: { decisions: number } };
    assert.equal(s.enabled, true);
    assert.equal(s.provider, 'endpoint');
    assert.equal(s.sent.byDocument[ADR2]?.requests, 1);
    assert.equal(s.sent.byDocument.ask?.requests, 2, 'the two questions of the test before');
    assert.equal(s.graph.decisions, 1, 'restored from the cache, nothing sent');
    const text = await run(['llm', 'status', '--root', root], on);
    assert.match(text.stdout, /LLM layer: on, last provider endpoint/);
    assert.match(text.stdout, new RegExp(`${ADR2.replace(/[.]/g, '\\.')}: 1 request`));
  });
});
