/**
 * Go build constraints
 * ====================
 * Whether a file takes part in a default build (linux/amd64, gc, cgo, any go1.N), as `go build`
 * decides: `//go:build` expressions (or the older `// +build` lines) before the package clause,
 * and `_GOOS` / `_GOARCH` file name suffixes. A package often declares one name in several files
 * (`export_unsafe.go` and `export_panic.go`, `_linux.go` and `_windows.go`); the resolver prefers
 * the file that builds, as the type checker sees it.
 */

const GOOS = new Set('aix android darwin dragonfly freebsd hurd illumos ios js linux nacl netbsd openbsd plan9 solaris wasip1 windows zos'.split(' '));
const GOARCH = new Set(
  '386 amd64 amd64p32 arm armbe arm64 arm64be loong64 mips mipsle mips64 mips64le mips64p32 mips64p32le ppc ppc64 ppc64le riscv riscv64 s390 s390x sparc sparc64 wasm'.split(' '),
);
const DEFAULT_TAGS = new Set(['linux', 'amd64', 'unix', 'gc', 'cgo']);

const tagHolds = (tag: string): boolean => DEFAULT_TAGS.has(tag) || /^go1\.\d+$/.test(tag);

/** Does a file of this name and header build by default? */
export function buildsByDefault(path: string, header: string): boolean {
  if (!nameBuilds(path.slice(path.lastIndexOf('/') + 1))) return false;
  const expr = /^\/\/go:build\s+(.+)$/m.exec(header);
  if (expr) return evaluate(expr[1]!.trim()) !== false;
  const plus = [...header.matchAll(/^\/\/ \+build\s+(.+)$/gm)];
  // Lines are ANDed; a line's space-separated options are ORed; an option's comma-separated terms ANDed.
  return plus.every((m) => m[1]!.trim().split(/\s+/).some((opt) => opt.split(',').every((t) => (t.startsWith('!') ? !tagHolds(t.slice(1)) : tagHolds(t)))));
}

function nameBuilds(base: string): boolean {
  const stem = base.replace(/\.go$/, '').replace(/_test$/, '');
  const parts = stem.split('_');
  if (parts.length < 2) return true;
  const last = parts[parts.length - 1]!;
  const before = parts.length > 2 ? parts[parts.length - 2]! : undefined;
  if (GOARCH.has(last)) {
    if (before !== undefined && GOOS.has(before)) return tagHolds(before) && tagHolds(last);
    return tagHolds(last);
  }
  if (GOOS.has(last)) return tagHolds(last);
  return true;
}

/** A `//go:build` expression; undefined when it does not read (then the file is kept). */
function evaluate(expr: string): boolean | undefined {
  const tokens = expr.match(/!|&&|\|\||\(|\)|[\w.]+/g) ?? [];
  let i = 0;
  const or = (): boolean | undefined => {
    let v = and();
    while (tokens[i] === '||') {
      i++;
      const r = and();
      v = v === undefined || r === undefined ? undefined : v || r;
    }
    return v;
  };
  const and = (): boolean | undefined => {
    let v = not();
    while (tokens[i] === '&&') {
      i++;
      const r = not();
      v = v === undefined || r === undefined ? undefined : v && r;
    }
    return v;
  };
  const not = (): boolean | undefined => {
    const t = tokens[i++];
    if (t === '!') {
      const v = not();
      return v === undefined ? undefined : !v;
    }
    if (t === '(') {
      const v = or();
      if (tokens[i++] !== ')') return undefined;
      return v;
    }
    return t !== undefined && /^[\w.]+$/.test(t) ? tagHolds(t) : undefined;
  };
  const v = or();
  return i === tokens.length ? v : undefined;
}
