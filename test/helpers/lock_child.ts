/**
 * A memory-lock holder to kill -9 (test/unit/memory_lock.test.ts). Modes:
 *  - `empty <lock>`: creates the lock file the way a create-then-write lock does, says
 *    "created" and hangs, so the parent can kill it between the create and the write;
 *  - `loop <lock>`: takes and releases the real lock (withFileLock) as fast as it can, saying
 *    "looping" once, so a kill lands anywhere in its life.
 */
import { openSync } from 'node:fs';
import { withFileLock } from '../../extension/core/memory/lock';

const [mode, lock] = process.argv.slice(2);
if (!lock) throw new Error('usage: lock_child.ts empty|loop <lock>');
if (mode === 'empty') {
  openSync(lock, 'wx');
  process.stdout.write('created\n');
  setInterval(() => undefined, 60_000);
} else {
  void (async () => {
    process.stdout.write('looping\n');
    for (;;) await withFileLock(lock, async () => undefined, { timeoutMs: 60_000 });
  })();
}
