/**
 * Memory under concurrency and kill -9
 * ====================================
 * The probes of issue 6, run against both servers: 20 concurrent create_entities in one server,
 * 40 from two processes on one file, and kill -9 in the middle of a stream of writes. Ours must
 * keep every write and every acknowledged write; the official server's figures are printed
 * (t.diagnostic) for the README, not asserted.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { describe, it } from 'node:test';
import { parseMemory } from '../../extension/core/memory';
import { ensureBuilt } from './helpers';
import { FLAVOURS, scratch, startServer } from './memory_servers';
import type { MemoryServer } from './memory_servers';

function namesInFile(file: string): { names: Set<string>; problems: number } {
  let text = '';
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    // never written
  }
  const parsed = parseMemory(text);
  return { names: new Set(parsed.graph.entities().map((e) => e.name)), problems: parsed.problems.length };
}

const createOne = (s: MemoryServer, name: string): Promise<unknown> => s.call('create_entities', { entities: [{ name, entityType: 'probe', observations: [`made ${name}`] }] });

for (const flavour of FLAVOURS) {
  describe(`memory concurrency: ${flavour}`, { timeout: 120_000 }, () => {
    const mustKeepAll = flavour === 'ours';

    it('20 concurrent create_entities in one server', async (t) => {
      if (flavour === 'ours') ensureBuilt();
      const box = scratch();
      const s = await startServer(flavour, box.dir, box.file);
      try {
        await Promise.all(Array.from({ length: 20 }, (_v, i) => createOne(s, `e${i}`)));
        const kept = namesInFile(box.file).names.size;
        t.diagnostic(`${flavour}: one server, 20 concurrent create_entities: kept ${kept} of 20`);
        if (mustKeepAll) assert.equal(kept, 20);
      } finally {
        await s.close();
        box.dispose();
      }
    });

    it('two processes, 20 concurrent writes each, one file', async (t) => {
      const box = scratch();
      const a = await startServer(flavour, box.dir, box.file);
      const b = await startServer(flavour, box.dir, box.file);
      try {
        await Promise.all([...Array.from({ length: 20 }, (_v, i) => createOne(a, `a${i}`)), ...Array.from({ length: 20 }, (_v, i) => createOne(b, `b${i}`))]);
        const kept = namesInFile(box.file).names.size;
        t.diagnostic(`${flavour}: two processes, 40 concurrent create_entities: kept ${kept} of 40`);
        if (mustKeepAll) assert.equal(kept, 40);
      } finally {
        await Promise.all([a.close(), b.close()]);
        box.dispose();
      }
    });

    it('kill -9 during a stream of writes leaves a loadable file with every acknowledged write', async (t) => {
      const rounds = 5;
      let lost = 0;
      let acked = 0;
      let unreadable = 0;
      for (let round = 0; round < rounds; round++) {
        const box = scratch();
        const s = await startServer(flavour, box.dir, box.file);
        const done: string[] = [];
        let stop = false;
        // Four writers in flight at any time, as an agent issuing parallel tool calls would.
        const writer = async (w: number): Promise<void> => {
          for (let i = 0; !stop; i++) {
            const name = `r${round}w${w}i${i}`;
            try {
              const r = (await createOne(s, name)) as { isError?: boolean };
              if (!r.isError) done.push(name);
            } catch {
              return; // the connection died with the process
            }
          }
        };
        const writers = [0, 1, 2, 3].map(writer);
        await new Promise((r) => setTimeout(r, 150 + Math.random() * 250));
        process.kill(s.pid as number, 'SIGKILL');
        stop = true;
        await Promise.allSettled(writers);
        await s.close().catch(() => undefined);
        const snapshot = [...done];
        const onDisk = namesInFile(box.file);
        acked += snapshot.length;
        lost += snapshot.filter((n) => !onDisk.names.has(n)).length;
        unreadable += onDisk.problems;
        box.dispose();
      }
      t.diagnostic(`${flavour}: kill -9 during writes, ${rounds} rounds: ${acked} acknowledged, ${lost} lost, ${unreadable} unreadable lines`);
      if (mustKeepAll) {
        assert.ok(acked > 0, 'writes were acknowledged before the kill');
        assert.equal(lost, 0);
        assert.equal(unreadable, 0);
      }
    });
  });
}

