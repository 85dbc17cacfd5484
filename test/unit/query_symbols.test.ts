import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { createHash } from 'node:crypto';
import { findSymbol, InvalidArgumentError, NotFoundError, source } from '../../extension/core/query';
import type { SourceReader } from '../../extension/core/query';
import { GraphBuilder } from './helpers/graph_builder';
import { ID, sampleProject } from './helpers/sample_project';

const hash = (s: string): string => createHash('sha256').update(s).digest('hex');

function reader(files: Record<string, string>): SourceReader {
  return { readFile: (p) => files[p], hashOf: hash };
}

describe('findSymbol', () => {
  it('gives signature, doc, params, decorators, return type and parent class', () => {
    const r = findSymbol(sampleProject(), { name: 'Client.send' });
    assert.equal(r.total, 1);
    assert.deepEqual(r.items[0], {
      id: ID.send,
      kind: 'method',
      loc: 'src/app/api.py:10',
      sig: 'def send(self, msg: str, retry: int = 3) -> bool',
      doc: 'Send one message over the wire.',
      qn: 'Client.send',
      span: '10-20',
      params: ['self', 'msg: str', 'retry: int = 3'],
      returns: 'bool',
      decorators: ['@traced'],
      parent: { id: ID.Client, kind: 'class', loc: 'src/app/api.py:3' },
    });
  });

  it('lists every definition of an ambiguous name instead of failing, with bases', () => {
    const g = sampleProject();
    const r = findSymbol(g, { name: 'send' });
    assert.equal(r.total, 2);
    assert.deepEqual(findSymbol(g, { name: 'User' }).items[0]!.bases, ['Base']);
    const cut = findSymbol(g, { name: 'send', limit: 1 });
    assert.equal(cut.items.length, 1);
    assert.equal(cut.more, 1);
  });

  it('says not found with suggestions', () => {
    assert.throws(() => findSymbol(sampleProject(), { name: 'Usr' }), (e: unknown) => e instanceof NotFoundError && e.suggestions.some((s) => s.id === ID.User));
  });
});

describe('source', () => {
  const content = Array.from({ length: 12 }, (_, i) => `line ${i + 1}`).join('\n');
  function graph(fileContent: string): ReturnType<typeof sampleProject> {
    const b = new GraphBuilder();
    b.file('a.py', { hash: hash(fileContent) });
    b.sym('a.py', 'f', 'function', 3, 5);
    b.sym('a.py', 'g', 'function', 8, 30);
    return b.g;
  }

  it('returns exactly the definition lines', () => {
    const r = source(graph(content), { target: 'f' }, reader({ 'a.py': content }));
    assert.equal(r.code, 'line 3\nline 4\nline 5');
    assert.equal(r.start, 3);
    assert.equal(r.end, 5);
    assert.equal(r.stale, undefined);
    assert.equal(r.loc, 'a.py:3');
  });

  it('flags stale when the file changed since indexing', () => {
    const edited = content.replace('line 4', 'LINE FOUR');
    const r = source(graph(content), { target: 'a.py:4' }, reader({ 'a.py': edited }));
    assert.equal(r.stale, true);
    assert.match(r.note ?? '', /changed since it was indexed/);
    assert.equal(r.code, 'line 3\nLINE FOUR\nline 5');
  });

  it('says so when the definition runs past the end of the current file', () => {
    const r = source(graph(content), { target: 'g' }, reader({ 'a.py': content }));
    assert.equal(r.stale, true);
    assert.match(r.note ?? '', /now has 12 lines/);
  });

  it('cuts long excerpts with a more count, and reads whole files', () => {
    const r = source(graph(content), { target: 'a.py', maxLines: 5 }, reader({ 'a.py': content }));
    assert.equal(r.code.split('\n').length, 5);
    assert.equal(r.more, 7);
  });

  it('errors clearly on unreadable files and sourceless nodes', () => {
    assert.throws(() => source(graph(content), { target: 'f' }, reader({})), (e: unknown) => e instanceof NotFoundError && /cannot be read/.test(e.message));
    assert.throws(() => source(sampleProject(), { target: ID.requests }, reader({})), InvalidArgumentError);
    assert.throws(() => source(sampleProject(), { target: 'f' }, undefined as unknown as SourceReader), /expecting a reader/);
  });
});
