/**
 * Dependency tracking
 * ===================
 * While a file is resolved, every piece of project state it reads is recorded as a key:
 *   f:<path>      the interface facts of a file (also: whether a path exists)
 *   m:<dotted>    a Python module name looked up in the module table
 *   n:<name>      the workspace-wide name index, for name-only matches
 *   b:<basename>  files by base name, for the test naming convention
 * After a change, the files whose keys intersect the changed keys are resolved again. Because
 * every read goes through a tracker, an incremental update resolves what a full rebuild would.
 */

export class DepTracker {
  private readonly stack: Set<string>[] = [new Set()];

  add(key: string): void {
    this.stack[this.stack.length - 1]!.add(key);
  }

  addAll(keys: Iterable<string>): void {
    const top = this.stack[this.stack.length - 1]!;
    for (const k of keys) top.add(k);
  }

  /** Runs fn with a fresh key set, then folds it into the enclosing one; returns the result and its keys (for caches). */
  capture<T>(fn: () => T): { value: T; keys: Set<string> } {
    this.stack.push(new Set());
    let keys: Set<string>;
    let value: T;
    try {
      value = fn();
    } finally {
      keys = this.stack.pop()!;
      this.addAll(keys);
    }
    return { value, keys };
  }

  /** The keys recorded at the outermost level. */
  keys(): Set<string> {
    return this.stack[0]!;
  }
}

export const fileKey = (path: string): string => `f:${path}`;
export const moduleKey = (dotted: string): string => `m:${dotted}`;
export const nameKey = (name: string): string => `n:${name}`;
export const basenameKey = (base: string): string => `b:${base}`;
