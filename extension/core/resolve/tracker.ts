/**
 * Dependency tracking
 * ===================
 * While a file is resolved, every piece of project state it reads is recorded as a key:
 *   e:<path>         whether a file (or, ending in "/", a folder) exists
 *   f:<path>#<name>  what a file says about one top-level name (a class with its members, a
 *                    function, an import binding, a variable); "#*" for its lists (star imports,
 *                    re-exports, __all__, the default export)
 *   f:<path>         everything a file says (for readers that scan all of it)
 *   m:<dotted>       a Python module name looked up in the module table
 *   n:<name>         the workspace-wide name index, for name-only matches
 *   b:<basename>     files by base name, for the test naming convention
 * After a change, the files whose keys intersect the changed keys are resolved again. Because
 * every read goes through a tracker, an incremental update resolves what a full rebuild would;
 * because keys name what was read, appending a function re-resolves only the files that asked
 * for that name.
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

export const existsKey = (path: string): string => `e:${path}`;
export const fileKey = (path: string): string => `f:${path}`;
export const partKey = (path: string, part: string): string => `f:${path}#${part}`;
/**
 * The top-level name a qualified name lives under: `Client.send` → `Client`; a Python
 * redefinition (`where@2`, parse/python_definitions.ts) lives under the name it redefines.
 */
export const topOf = (qualifiedName: string): string => {
  const dot = qualifiedName.indexOf('.');
  const top = dot < 0 ? qualifiedName : qualifiedName.slice(0, dot);
  const at = top.indexOf('@');
  return at > 0 && /^@\d+$/.test(top.slice(at)) ? top.slice(0, at) : top;
};
/** The part of a file holding its lists: star imports, re-exports, __all__, the default export. */
export const LISTS = '*';
export const moduleKey = (dotted: string): string => `m:${dotted}`;
export const nameKey = (name: string): string => `n:${name}`;
export const basenameKey = (base: string): string => `b:${base}`;
