import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fileContext, InvalidArgumentError } from '../../extension/core/query';
import { ID, sampleProject } from './helpers/sample_project';

const g = sampleProject();

describe('fileContext', () => {
  it('gives classes with methods, functions, imports, importers and tests', () => {
    const r = fileContext(g, { target: 'src/app/api.py' });
    assert.deepEqual(r.file, { id: ID.api, loc: 'src/app/api.py:1', doc: 'HTTP client for the app.', lang: 'python', lines: 40 });
    assert.deepEqual(r.classes?.items.map((c) => [c.id, c.members?.items.map((m) => m.id)]), [[ID.Client, [ID.send, ID.close]]]);
    assert.deepEqual(r.functions?.items.map((f) => f.id), [ID.helper]);
    assert.equal(r.other, undefined);
    assert.deepEqual(r.imports?.externals?.items.map((i) => i.id), [ID.requests]);
    assert.equal(r.imports?.files, undefined);
    // `at`: import lines in the importer's own file
    assert.deepEqual(r.importers?.items.map((i) => [i.id, i.at]), [
      [ID.service, '1'],
      [ID.testApi, '1'],
    ]);
    assert.deepEqual(r.tests?.items.map((t) => t.id).sort(), [ID.testHelper, ID.testSend].sort());
  });

  it('a symbol stands for its file; other symbols are listed', () => {
    const r = fileContext(g, { target: ID.User });
    assert.equal(r.file.id, ID.models);
    assert.deepEqual(r.other?.items.map((o) => o.id), [ID.MAX]);
    assert.deepEqual(r.classes?.items.map((c) => [c.id, c.bases]), [[ID.Base, undefined], [ID.User, ['Base']]]);
  });

  it('refuses modules with a hint', () => {
    assert.throws(() => fileContext(g, { target: ID.modApp }), (e: unknown) => e instanceof InvalidArgumentError && /use dependencies or neighbors/.test(e.message));
  });
});
