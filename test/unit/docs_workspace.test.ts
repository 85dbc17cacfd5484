/**
 * Docs in the workspace
 * =====================
 * The docs GraphRAG as a host meets it: a folder with code and prose (Markdown, text, HTML, a
 * binary file posing as Markdown, a planted secret) indexed by the Workspace; doc and entity
 * nodes and mentions edges in the graph; hybrid search with provenance; file_context and the
 * status; ingest_docs inside and outside the root; a restart from the snapshot; and updates
 * that must give the graph a full rebuild gives.
 */
import assert from 'node:assert/strict';
import { appendFileSync, existsSync, mkdirSync, readFileSync, readdirSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { docsSearch, explainEntity, entityLookup, fileContext } from '../../extension/core/query';
import { DERIVED_EDGE_KINDS } from '../../extension/core/model/kinds';
import { Workspace, type WorkspaceOptions } from '../../extension/core/workspace';
import { ToolContext } from '../../extension/mcp/context';
import { findTool } from '../../extension/mcp/tools';
import { expectUpdatesEqualRebuild } from '../helpers/incremental';
import { startOpenAiStub, type OpenAiStubOptions } from '../helpers/openai_stub';
import { copyFixture, FIXTURES, targets } from '../helpers/workspace';

const FIXTURE = 'docs_project';
const cleanups: (() => void)[] = [];
after(() => cleanups.forEach((c) => c()));

async function indexed(persist = false, options: WorkspaceOptions = {}): Promise<{ ws: Workspace; dir: string }> {
  const copy = copyFixture(FIXTURE);
  cleanups.push(copy.dispose);
  const ws = await Workspace.open(copy.dir, { persist, workers: 0, ...options });
  await ws.index();
  cleanups.push(() => void ws.close());
  return { ws, dir: copy.dir };
}

/** A loopback OpenAI embeddings server, closed after the suite, and workspace options pointing the docs at it. */
async function embeddingsEndpoint(stubOptions: OpenAiStubOptions = {}, use: { model?: string; apiKey?: string } = {}) {
  const stub = await startOpenAiStub(stubOptions);
  cleanups.push(() => void stub.close());
  const options: WorkspaceOptions = { docs: { embeddings: { provider: 'openai', baseUrl: stub.url, model: use.model ?? 'm', ...(use.apiKey ? { apiKey: use.apiKey } : {}) } } };
  return { stub, options };
}

describe('docs in the workspace', () => {
  it('indexes every supported document beside the code and skips a binary one with a reason', async () => {
    const { ws } = await indexed();
    assert.deepEqual(ws.docs.documents(), ['README.md', 'docs/design.md', 'docs/faq.html', 'docs/ops.md', 'docs/runbook.txt']);
    const status = ws.status().docs!;
    assert.equal(status.documents, 5);
    assert.ok(status.chunks >= 5, `chunks: ${status.chunks}`);
    const broken = status.skipped.find((s) => s.path === 'docs/broken.md');
    assert.ok(broken, 'the binary .md is listed as skipped');
    assert.match(broken.reason, /binary|not text|decod/i);
    for (const path of ws.docs.documents()) assert.ok(ws.graph.hasNode(`doc:${path}`), `doc node for ${path}`);
  });

  it('links what the prose names to the code: mentions edges with the lines', async () => {
    const { ws } = await indexed();
    const mentioned = targets(ws, 'mentions', 'doc:README.md');
    assert.ok(mentioned.includes('py:shop.cart:Cart'), `README mentions Cart: ${mentioned.join(', ')}`);
    assert.ok(mentioned.includes('py:shop.payment:PaymentGateway'), 'README mentions PaymentGateway');
    assert.ok(mentioned.includes('py:shop.payment:retry_with_backoff'), 'README mentions retry_with_backoff');
    const e = ws.graph.edge('mentions|doc:README.md|py:shop.payment:retry_with_backoff')!;
    const readme = readFileSync(join(FIXTURES, FIXTURE, 'README.md'), 'utf8').split('\n');
    assert.ok(e.lines!.every((l) => readme[l - 1]!.includes('retry_with_backoff')), `lines ${e.lines} hold the name`);
  });

  it('answers a question with the chunk that holds the answer, its path:lines and why', async () => {
    const { ws } = await indexed();
    const r = await docsSearch(ws.graph, ws.docs, { query: 'how are payment provider calls retried', k: 3 });
    assert.ok(r.chunks.length > 0);
    const top = r.chunks[0]!;
    assert.match(top.at, /^README\.md:\d+-\d+$/);
    assert.match(top.snippet, /retried/);
    assert.ok(top.why.length > 0);
    const faq = await docsSearch(ws.graph, ws.docs, { query: 'card charged twice', k: 3 });
    assert.match(faq.chunks[0]!.at, /^docs\/faq\.html:/);
    assert.ok(!faq.chunks.some((c) => /Copyright|Home/.test(c.snippet)), 'navigation and footer are not indexed');
  });

  it('never stores or answers a planted secret', async () => {
    const { ws, dir } = await indexed(true);
    await ws.save();
    const r = await docsSearch(ws.graph, ws.docs, { query: 'aws access key database URL admin', k: 10 });
    const answer = JSON.stringify(r);
    assert.ok(answer.includes('docs/ops.md'), 'the document is still found');
    for (const secret of ['AKIAIOSFODNN7EXAMPLE', 'hunter2secret']) {
      assert.ok(!answer.includes(secret), `${secret} is not in an answer`);
      for (const f of readdirSync(join(dir, '.kg-memory'))) {
        assert.ok(!readFileSync(join(dir, '.kg-memory', f), 'latin1').includes(secret), `${secret} is not in .kg-memory/${f}`);
      }
    }
    assert.ok(ws.status().docs!.redactions >= 2);
  });

  it('answers the search tool with names and the best doc chunks, and only names when kinds leave docs out', async () => {
    const { ws } = await indexed();
    const ctx = new ToolContext(ws, { follow: async () => undefined });
    const search = findTool('search')!;
    const both = await search.call(ctx, { query: 'idempotency key' });
    assert.ok(both.ok);
    const docs = (both.result as { docs?: { at: string }[] }).docs ?? [];
    assert.ok(docs.some((d) => d.at.startsWith('docs/design.md:')), JSON.stringify(docs));
    const names = await search.call(ctx, { query: 'idempotency key', kinds: ['class'] });
    assert.ok(names.ok && !('docs' in names.result));
  });

  it('embeds the chunks through a configured OpenAI-compatible endpoint and fuses the vectors into docs_search', async () => {
    const { stub, options } = await embeddingsEndpoint({ apiKey: 'sk-test' }, { model: 'nomic-embed-text', apiKey: 'sk-test' });
    const { ws } = await indexed(false, options);
    await ws.docs.embedded();
    const status = ws.status().docs!;
    assert.equal(status.embeddings, 'openai:nomic-embed-text');
    assert.equal(status.vectors, status.chunks);
    assert.equal(status.queue, 0);
    assert.ok(stub.requests.some((r) => r.path.endsWith('/v1/embeddings')));
    assert.ok(!stub.requests.some((r) => JSON.stringify(r.json).includes('AKIAIOSFODNN7EXAMPLE')), 'redacted text is what is sent');
    const r = await docsSearch(ws.graph, ws.docs, { query: 'charged twice idempotency' });
    assert.ok(r.chunks.some((c) => c.why.some((w) => /vector/.test(w))), JSON.stringify(r.chunks.map((c) => c.why)));
  });

  it('with embeddings on, links a name to the code by vector when its spelling does not say which', async () => {
    // Names about backing off are one direction, everything else another: what a model would say of these two.
    const embed = (texts: string[]): number[][] => texts.map((t) => (/backoff/.test(t) ? [1, 0, 0] : [0, 1, t.length % 7]));
    const { options } = await embeddingsEndpoint({ embed });
    const note = 'The `BackoffRetrier` decides when a charge is tried again.\n';
    const mention = (ws: Workspace) => ws.docs.entities.mentions.find((m) => m.surface === 'BackoffRetrier');

    const plain = await indexed();
    writeFileSync(join(plain.dir, 'docs', 'vector.md'), note);
    await plain.ws.update(['docs/vector.md']);
    assert.equal(mention(plain.ws)?.target, 'entity:backoffretrier', 'by spelling alone it is a name of the docs');

    const { ws, dir } = await indexed(false, options);
    writeFileSync(join(dir, 'docs', 'vector.md'), note);
    await ws.update(['docs/vector.md']);
    await ws.docs.embedded();
    assert.equal(mention(ws)?.target, 'py:shop.payment:retry_with_backoff');
    assert.equal(mention(ws)?.via, 'vector');
    assert.doesNotMatch(ws.status().docs?.lastError ?? '', /embeddings/);

    // A full index of the same files, with the same endpoint, links the same way.
    const again = await Workspace.open(dir, { persist: false, workers: 0, ...options });
    cleanups.push(() => void again.close());
    await again.index();
    await again.docs.embedded();
    assert.equal(again.graph.canonical(), ws.graph.canonical());
  });

  it('keeps answering lexically when the embeddings endpoint fails, and says why', async () => {
    const { options } = await embeddingsEndpoint({ apiKey: 'sk-right' }, { apiKey: 'sk-wrong' });
    const { ws } = await indexed(false, options);
    await ws.docs.embedded();
    const status = ws.status().docs!;
    assert.equal(status.vectors, 0);
    assert.match(status.lastError ?? '', /embeddings.*401|key|auth/i);
    assert.ok(!(status.lastError ?? '').includes('sk-wrong'), 'the key is never in a message');
    const r = await docsSearch(ws.graph, ws.docs, { query: 'idempotency key' });
    assert.ok(r.chunks.length > 0);
  });

  it('lists the documents that mention a code file in its file_context', async () => {
    const { ws } = await indexed();
    const ctx = fileContext(ws.graph, { target: 'shop/payment.py' });
    const docs = ctx.docs?.items.map((d) => d.id) ?? [];
    assert.ok(docs.includes('doc:README.md'), `docs: ${docs.join(', ')}`);
    const readme = ctx.docs!.items.find((d) => d.id === 'doc:README.md')!;
    assert.ok(readme.symbols?.includes('py:shop.payment:retry_with_backoff'));
  });

  it('looks entities up and explains one from its sources', async () => {
    const { ws } = await indexed();
    const found = entityLookup(ws.graph, ws.docs, { query: 'PaymentGateway' });
    assert.equal(found.items[0]?.id, 'py:shop.payment:PaymentGateway');
    assert.ok(found.items[0]!.docs >= 2, 'mentioned by README and the design notes');
    const explained = explainEntity(ws.graph, ws.docs, { target: 'PaymentGateway' });
    assert.ok(explained.sources!.items.some((s) => /^docs\/design\.md:\d+$/.test(s.at)));
  });

  it('ingests a document the globs do not cover, keeps it across a full index, and refuses paths outside the root', async () => {
    const { ws, dir } = await indexed();
    mkdirSync(join(dir, 'notes'));
    writeFileSync(join(dir, 'notes', 'spec.html'), '<h1>Spec</h1><p>The Cart keeps at most 100 items.</p>');
    const report = await ws.ingestDocs(['notes', join(tmpdir(), 'elsewhere.md'), '../outside.md'], { tags: ['spec'] });
    assert.deepEqual(report.ingested.map((i) => i.path), ['notes/spec.html']);
    assert.equal(report.skipped.filter((s) => /outside the workspace/.test(s.reason)).length, 2);
    await ws.index();
    assert.ok(ws.docs.documents().includes('notes/spec.html'), 'still indexed after a full index');
    const tagged = await docsSearch(ws.graph, ws.docs, { query: 'how many items can a cart hold', tags: ['spec'] });
    assert.ok(tagged.chunks.length > 0 && tagged.chunks.every((c) => c.at.startsWith('notes/spec.html')));
    assert.deepEqual(ws.graph.node('doc:notes/spec.html')?.docs?.tags, ['spec']);
  });

  it('restarts from the snapshot without reading a document again', async () => {
    const { ws, dir } = await indexed(true);
    const before = await docsSearch(ws.graph, ws.docs, { query: 'idempotency key' });
    await ws.close();
    const again = await Workspace.open(dir, { workers: 0 });
    cleanups.push(() => void again.close());
    assert.equal(again.status().docs?.lastFile, undefined, 'nothing read at open');
    const after = await docsSearch(again.graph, again.docs, { query: 'idempotency key' });
    assert.deepEqual(after.chunks.map((c) => c.at), before.chunks.map((c) => c.at));
    const report = await again.index();
    assert.equal(report.parsed, 0);
    assert.equal(again.status().docs?.lastFile, undefined, 'an unchanged document is not read by the next index');
  });

  it('writes the docs snapshot again only when a document changed, not after a code edit', async () => {
    const { ws, dir } = await indexed(true);
    const docsJson = join(dir, '.kg-memory', 'docs.json');
    const written = readFileSync(docsJson, 'utf8');
    rmSync(docsJson);
    appendFileSync(join(dir, 'shop', 'cart.py'), '\n_kg_edit = 1\n');
    const code = await ws.index();
    assert.equal(code.parsed, 1);
    assert.ok(!existsSync(docsJson), 'a code edit leaves the docs snapshot alone');
    await ws.close();
    // A restart reads it (written before) and a document edit writes it again.
    writeFileSync(docsJson, written);
    const again = await Workspace.open(dir, { workers: 0 });
    cleanups.push(() => void again.close());
    appendFileSync(join(dir, 'shop', 'cart.py'), '\n_kg_edit_2 = 2\n');
    await again.index();
    assert.equal(readFileSync(docsJson, 'utf8'), written, 'a restored, unchanged docs state is not written');
    appendFileSync(join(dir, 'docs', 'design.md'), '\nThe Cart keeps at most 50 items.\n');
    await again.index();
    assert.notEqual(readFileSync(docsJson, 'utf8'), written, 'a document edit writes it');
    const fresh = await Workspace.open(dir, { workers: 0, warmUp: false });
    cleanups.push(() => void fresh.close());
    const r = await docsSearch(fresh.graph, fresh.docs, { query: 'at most 50 items' });
    assert.ok(r.chunks.some((c) => c.at.startsWith('docs/design.md:')), 'the new text is in the snapshot');
  });

  it("leaves the code's own edges as they are: a 'depends on' read from prose is an edge of its own kind", async () => {
    const { ws, dir } = await indexed();
    // A sentence naming two modules the code also links: the docs' relation must not become (or replace) the code's depends_on.
    appendFileSync(join(dir, 'docs', 'design.md'), '\nThe module `shop.cart` depends on `shop.payment`.\n');
    await ws.update(['docs/design.md']);
    const codeEdges = (w: Workspace): string[] => w.graph.graph.filterEdges((_k, e) => !DERIVED_EDGE_KINDS.has(e.kind)).map((k) => `${k} ${JSON.stringify(w.graph.edge(k))}`).sort();
    const plain = await Workspace.open(dir, { persist: false, workers: 0, docs: { enabled: false } });
    cleanups.push(() => void plain.close());
    await plain.index();
    assert.deepEqual(codeEdges(ws), codeEdges(plain));
    assert.ok(ws.graph.graph.someEdge((_k, e) => e.kind === 'requires'), 'the relation is in the graph, as requires');
  });

  it('links the documents after a restart in the background, or at once for a reader that needs them', async () => {
    const { ws, dir } = await indexed(true);
    // A document of many chunks: a pass in slices stops inside it.
    const sections = Array.from({ length: 12 }, (_, i) => `## Step ${i}\n\n${'The OrderService calls `charge` through retry_with_backoff and the gateway. '.repeat(60)}\n`);
    writeFileSync(join(dir, 'docs', 'long.md'), `# Long\n\n${sections.join('\n')}`);
    await ws.index();
    assert.ok(ws.docs.chunksOf('docs/long.md').length >= 6);
    const full = ws.graph.canonical();
    const mentioned = fileContext(ws.graph, { target: 'shop/payment.py' }).docs?.items.length ?? 0;
    assert.ok(mentioned > 0);
    await ws.close();

    const background = await Workspace.open(dir, { workers: 0 });
    cleanups.push(() => void background.close());
    assert.ok(!background.graph.graph.someNode((_id, a) => a.kind === 'doc'), 'open leaves the documents for later');
    // Asking for the status (a status bar does, at start-up) says so and links nothing.
    assert.equal(background.status().docs?.linkPending, true);
    assert.ok(!background.graph.graph.someNode((_id, a) => a.kind === 'doc'));
    await background.settled();
    assert.equal(background.status().docs?.linkPending, undefined);
    assert.equal(background.graph.canonical(), full, 'once settled, the graph is the one the index made');

    // Several passes in slices asked for at once (with a slice of 0 ms: a yield after every step) all end, and agree.
    const sliced = await Workspace.open(dir, { workers: 0 });
    cleanups.push(() => void sliced.close());
    await Promise.all([sliced.docs.relinkInSlices(sliced.graph, undefined, 0), sliced.docs.relinkInSlices(sliced.graph, undefined, 0), sliced.settled()]);
    assert.equal(sliced.graph.canonical(), full);

    const reader = await Workspace.open(dir, { workers: 0 });
    cleanups.push(() => void reader.close());
    assert.ok(!reader.graph.graph.someNode((_id, a) => a.kind === 'doc'));
    // An MCP call waits until the documents are linked before it answers.
    const context = await findTool('file_context')!.call(new ToolContext(reader, { follow: async () => undefined }), { target: 'shop/payment.py' });
    assert.ok(context.ok);
    assert.equal((context.result as { docs?: { items: unknown[] } }).docs?.items.length, mentioned);
    assert.equal(reader.graph.canonical(), full);
  });

  it('updates give the graph a full rebuild gives: edit, create, delete, rename code a doc names', async () => {
    const base = join(FIXTURES, FIXTURE);
    type Step = 'edit-readme' | 'new-doc' | 'delete-design' | 'rename-gateway' | 'duplicate-paragraph' | 'break-html';
    const apply = (dir: string, step: Step): string[] => {
      switch (step) {
        case 'edit-readme':
          appendFileSync(join(dir, 'README.md'), '\n## Refunds\n\nRefunds go through `PaymentGateway.charge` with a negative amount.\n');
          return ['README.md'];
        case 'new-doc':
          writeFileSync(join(dir, 'docs', 'cache.md'), '# Cache\n\nThe `Cart` depends on Redis for idempotency keys.\n');
          return ['docs/cache.md'];
        case 'delete-design':
          rmSync(join(dir, 'docs', 'design.md'), { force: true });
          return ['docs/design.md'];
        case 'rename-gateway': {
          const p = join(dir, 'shop', 'payment.py');
          writeFileSync(p, readFileSync(p, 'utf8').replace(/PaymentGateway/g, 'Gateway'));
          return ['shop/payment.py'];
        }
        case 'duplicate-paragraph': {
          const design = join(dir, 'docs', 'design.md');
          let text: string;
          try {
            text = readFileSync(design, 'utf8');
          } catch {
            return [];
          }
          writeFileSync(join(dir, 'docs', 'aaa_copy.md'), `# Copy\n\n${text.split('\n\n').slice(1, 3).join('\n\n')}\n`);
          return ['docs/aaa_copy.md'];
        }
        case 'break-html':
          renameSync(join(dir, 'docs', 'faq.html'), join(dir, 'docs', 'faq.htm'));
          return ['docs/faq.html', 'docs/faq.htm'];
      }
    };
    const all: Step[] = ['edit-readme', 'new-doc', 'delete-design', 'rename-gateway', 'duplicate-paragraph', 'break-html'];
    for (let seed = 1; seed <= 6; seed++) {
      let x = seed * 7919;
      const next = (): number => (x = (x * 48271) % 2147483647) / 2147483647;
      const steps = [...all].sort(() => next() - 0.5).slice(0, 2 + (seed % 4));
      await expectUpdatesEqualRebuild<Step>(base, steps, apply);
    }
  });
});
