/**
 * The extension's update batches: quiet time, the cap under a constant stream, one batch at a
 * time, de-duplication; and the path filters of its watchers. Pure logic, a fake clock.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { foldersOf, isSkippedPath, isWatchedFile, UpdateBatcher, WATCH_GLOB } from '../../extension/vscode/batch';
import type { Timers } from '../../extension/vscode/batch';

/** A clock that moves only when told; timers fire in due order. */
class FakeClock implements Timers {
  private t = 0;
  private seq = 0;
  private readonly timers = new Map<number, { at: number; fn: () => void }>();
  now(): number {
    return this.t;
  }
  setTimeout(fn: () => void, ms: number): unknown {
    const id = ++this.seq;
    this.timers.set(id, { at: this.t + ms, fn });
    return id;
  }
  clearTimeout(handle: unknown): void {
    this.timers.delete(handle as number);
  }
  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const next = [...this.timers.entries()].filter(([, v]) => v.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!next) break;
      this.timers.delete(next[0]);
      this.t = next[1].at;
      next[1].fn();
    }
    this.t = end;
  }
}

const tick = (): Promise<void> => new Promise((r) => setImmediate(r));

function setup(run?: (items: string[]) => Promise<unknown>) {
  const clock = new FakeClock();
  const batches: string[][] = [];
  const b = new UpdateBatcher<string>(
    (s) => s,
    run ??
      (async (items) => {
        batches.push(items);
      }),
    { timers: clock },
  );
  return { clock, batches, b };
}

describe('UpdateBatcher', () => {
  it('lets a save go after its own short quiet time, and merges a burst of saves', () => {
    const { clock, batches, b } = setup();
    b.add('a.py', 40);
    clock.advance(30);
    b.add('b.py', 40);
    clock.advance(39);
    assert.deepEqual(batches, []);
    clock.advance(1);
    assert.deepEqual(batches, [['a.py', 'b.py']]);
  });

  it('sends one batch after 300 ms of quiet', () => {
    const { clock, batches, b } = setup();
    b.add('a');
    clock.advance(200);
    b.add('b');
    clock.advance(299);
    assert.deepEqual(batches, []);
    clock.advance(1);
    assert.deepEqual(batches, [['a', 'b']]);
  });

  it('de-duplicates: a save and a watcher event for one file are one entry', () => {
    const { clock, batches, b } = setup();
    b.add('x.py');
    b.add('y.py');
    b.add('x.py');
    clock.advance(300);
    assert.deepEqual(batches, [['y.py', 'x.py']]);
  });

  it('caps the wait at 2 s under a constant stream', () => {
    const { clock, batches, b } = setup();
    for (let t = 0; t < 2000; t += 100) {
      b.add(`f${t}`);
      clock.advance(100);
    }
    assert.equal(batches.length, 1);
    assert.equal(batches[0]!.length, 20);
  });

  it('a 500-file branch switch is one batch', () => {
    const { clock, batches, b } = setup();
    for (let i = 0; i < 500; i++) b.add(`src/f${i}.ts`);
    clock.advance(300);
    assert.equal(batches.length, 1);
    assert.equal(batches[0]!.length, 500);
  });

  it('runs one batch at a time; what arrives meanwhile goes next, in one batch', async () => {
    let release: () => void = () => undefined;
    const batches: string[][] = [];
    let running = 0;
    let most = 0;
    const { clock, b } = setup(async (items) => {
      batches.push(items);
      running++;
      most = Math.max(most, running);
      await new Promise<void>((r) => (release = r));
      running--;
    });
    b.add('a');
    clock.advance(300);
    b.add('b');
    clock.advance(300);
    b.add('c');
    clock.advance(300);
    assert.deepEqual(batches, [['a']]);
    release();
    await tick();
    await tick();
    assert.deepEqual(batches, [['a'], ['b', 'c']]);
    release();
    await b.flush();
    assert.equal(most, 1);
  });

  it('flush() sends at once and waits; a failing run does not stop the next batch', async () => {
    let calls = 0;
    const { b } = setup(async () => {
      calls++;
      if (calls === 1) throw new Error('boom');
    });
    b.add('a');
    await b.flush();
    b.add('b');
    await b.flush();
    assert.equal(calls, 2);
    assert.equal(b.size, 0);
  });

  it('dispose drops what is pending', () => {
    const { clock, batches, b } = setup();
    b.add('a');
    b.dispose();
    b.dispose();
    b.add('b');
    clock.advance(5000);
    assert.deepEqual(batches, []);
  });
});

describe('watch filters', () => {
  it('skips .kg-memory, node_modules and .git', () => {
    assert.equal(isSkippedPath('.kg-memory/graph.json'), true);
    assert.equal(isSkippedPath('web/node_modules/x/index.js'), true);
    assert.equal(isSkippedPath('.git/HEAD'), true);
    assert.equal(isSkippedPath('src/git/x.ts'), false);
  });

  it('watches sources and resolution config by name', () => {
    for (const p of ['a.py', 'b/c.pyi', 'x.ts', 'x.mts', 'x.cts', 'x.tsx', 'x.js', 'x.jsx', 'x.mjs', 'x.cjs', 'tsconfig.json', 'pkg/tsconfig.base.json', 'jsconfig.json', 'package.json',
      'svc/main.go', 'go.mod', 'mod/go.work', 'src/Main.java', 'pom.xml', 'App/App.csproj', 'src/lib.rs', 'Cargo.toml', 'lib/a.rb', 'Rakefile', 'Gemfile', 'composer.json']) {
      assert.equal(isWatchedFile(p), true, p);
    }
    for (const p of ['README.md', 'x.pyc', 'x.d', 'package-lock.json', 'config.json', 'src', 'go.sum', 'Cargo.lock', 'x.csproj.user']) assert.equal(isWatchedFile(p), false, p);
    assert.match(WATCH_GLOB, /^\*\*\/\{\*\.py,.*package\.json.*go\.mod.*\*\.csproj.*\}$/);
  });

  it('foldersOf lists every folder holding a path, with its parents', () => {
    assert.deepEqual([...foldersOf(['a/b/c.py', 'a/d.py', 'e.py', 'a/b/f/g.ts'])].sort(), ['a', 'a/b', 'a/b/f']);
  });
});
