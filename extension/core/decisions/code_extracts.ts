/**
 * What linking needs from the code facts
 * ======================================
 * Fields, route decorators and the spelling-insensitive keys of names are in the files' facts,
 * not in the graph. Collecting them from every file on every relink would cost more than the
 * linking itself on a large workspace, so each file's share is kept by its facts' content hash
 * and the merged tables are rebuilt only when some file's share changed. A pure function of the
 * current facts either way: an update and a full index see the same tables.
 */
import type { FileFacts } from '../parse/facts';

/** The code facts of a file as indexed now. */
export type CodeFacts = (path: string) => FileFacts | undefined;

/** A definition by where it is: its file and its qualified name there (the node id is looked up on a hit). */
export interface Place {
  path: string;
  qn: string;
}

export interface RouteDecl extends Place {
  method?: string;
  segments: string[];
}

interface FileShare {
  hash: string;
  fields: [string, string][];
  routes: Omit<RouteDecl, 'path'>[];
  names: [string, string][];
}

export interface Extracts {
  /** Field name → the classes declaring it. */
  fields: Map<string, Place[]>;
  routes: RouteDecl[];
  /** fuzzyKey(name) → classes, interfaces, enums, types and functions so named. */
  names: Map<string, Place[]>;
  /** A file's module path segments, sorted (`a/b/c.py` → `a/b/c`; `__init__` and `index` left out) → its paths. */
  moduleKeys: Map<string, string[]>;
}

const NAMED_KINDS = new Set(['class', 'interface', 'enum', 'type', 'function']);

export class CodeExtracts {
  private readonly files = new Map<string, FileShare>();
  private merged: Extracts | undefined;

  /** Brings the shares up to the facts of these paths (files without facts are left out). */
  refresh(paths: Iterable<string>, facts: CodeFacts): void {
    const seen = new Set<string>();
    for (const path of paths) {
      const f = facts(path);
      if (!f) continue;
      seen.add(path);
      if (this.files.get(path)?.hash === f.hash) continue;
      this.files.set(path, share(f));
      this.merged = undefined;
    }
    for (const path of [...this.files.keys()]) {
      if (seen.has(path)) continue;
      this.files.delete(path);
      this.merged = undefined;
    }
  }

  /** The paths whose share is kept. */
  paths(): IterableIterator<string> {
    return this.files.keys();
  }

  /** After an update: only these paths' facts can have changed (a path without facts now is gone). */
  refreshPaths(paths: Iterable<string>, facts: CodeFacts): void {
    for (const path of paths) {
      const f = facts(path);
      if (!f) {
        if (this.files.delete(path)) this.merged = undefined;
        continue;
      }
      if (this.files.get(path)?.hash === f.hash) continue;
      this.files.set(path, share(f));
      this.merged = undefined;
    }
  }

  get(): Extracts {
    if (!this.merged) {
      const out: Extracts = { fields: new Map(), routes: [], names: new Map(), moduleKeys: new Map() };
      for (const path of [...this.files.keys()].sort()) {
        const s = this.files.get(path)!;
        const key = path.replace(/\.\w+$/, '').split('/').filter((x) => x !== '__init__' && x !== 'index').sort().join('/');
        const same = out.moduleKeys.get(key);
        if (same) same.push(path);
        else out.moduleKeys.set(key, [path]);
        for (const [name, qn] of s.fields) push(out.fields, name, { path, qn });
        for (const r of s.routes) out.routes.push({ ...r, path });
        for (const [key, qn] of s.names) push(out.names, key, { path, qn });
      }
      this.merged = out;
    }
    return this.merged;
  }
}

function push(map: Map<string, Place[]>, key: string, place: Place): void {
  const list = map.get(key);
  if (list) list.push(place);
  else map.set(key, [place]);
}

function share(f: FileFacts): FileShare {
  const out: FileShare = { hash: f.hash, fields: [], routes: [], names: [] };
  const prefixes = new Map<string, string[]>();
  for (const s of f.symbols) {
    for (const field of s.fields ?? []) if (!out.fields.some(([n, q]) => n === field.name && q === s.name)) out.fields.push([field.name, s.name]);
    if (NAMED_KINDS.has(s.kind)) {
      const key = fuzzyKey(s.name.slice(s.name.lastIndexOf('.') + 1));
      if (key !== undefined) out.names.push([key, s.name]);
    }
    if (s.kind === 'class') {
      for (const d of s.decorators ?? []) {
        const r = routeDecorator(d);
        if (r) prefixes.set(s.name, r.segments);
      }
    }
  }
  for (const s of f.symbols) {
    if (s.kind === 'class') continue;
    for (const d of s.decorators ?? []) {
      const r = routeDecorator(d);
      if (!r) continue;
      const owner = s.name.includes('.') ? s.name.slice(0, s.name.lastIndexOf('.')) : '';
      const decl: Omit<RouteDecl, 'path'> = { qn: s.name, segments: [...(prefixes.get(owner) ?? []), ...r.segments] };
      if (r.method) decl.method = r.method;
      out.routes.push(decl);
    }
  }
  return out;
}

/**
 * A decorator that binds a route: `router.get("/x/{id}")`, `app.route('/x')`, `@Get(':id')`,
 * `@GetMapping("/x")`, and on a class `@Controller('things')`. A call on an HTTP client
 * (`client.post("/api/x")` in a generated client) sends a request; it binds nothing.
 */
const ROUTE_DECORATOR =
  /^(?:([\w.]+)\.)?(get|post|put|patch|delete|head|options|route|api_route|websocket|Get|Post|Put|Patch|Delete|Head|Options|All|Controller|RequestMapping|GetMapping|PostMapping|PutMapping|PatchMapping|DeleteMapping|Route|Path)\s*\(\s*(?:(?:path|value|rule)\s*=\s*)?(?:r?["'`]([^"'`]*)["'`])?/;
const CLIENT = /client|session|requests|httpx|axios|fetch|http$/i;

export function routeDecorator(text: string): { method?: string; segments: string[] } | undefined {
  const m = ROUTE_DECORATOR.exec(text);
  if (!m || m[3] === undefined) return undefined;
  if (m[1] !== undefined && CLIENT.test(m[1])) return undefined;
  const word = m[2]!.toLowerCase().replace(/mapping$/, '');
  const method = ['get', 'post', 'put', 'patch', 'delete', 'head', 'options'].includes(word) ? word.toUpperCase() : undefined;
  const out: { method?: string; segments: string[] } = { segments: routeSegments(m[3]) };
  if (method) out.method = method;
  return out;
}

/** Route segments, lower case, parameters (`{id}`, `:id`, `<int:id>`) as `*`. */
export function routeSegments(path: string): string[] {
  return path
    .replace(/[?#].*$/, '')
    .split('/')
    .filter((s) => s !== '')
    .map((s) => (/^[{:<*]/.test(s) ? '*' : s.toLowerCase()));
}

const WORDS = /[A-Z]+(?![a-z])|[A-Z]?[a-z]+|[0-9]+/g;

/** A compound name up to case and plurals (`FooEC2Apps` and `FooEc2App` → fooec2app); undefined for one word. */
export function fuzzyKey(name: string): string | undefined {
  const words = name.match(WORDS) ?? [];
  if (words.filter((w) => /[a-z]/i.test(w)).length < 2) return undefined;
  return words.map((w) => singular(w.toLowerCase())).join('');
}

export function singular(word: string): string {
  if (word.length > 3 && word.endsWith('ies')) return `${word.slice(0, -3)}y`;
  if (word.length > 3 && word.endsWith('s') && !word.endsWith('ss') && !word.endsWith('us')) return word.slice(0, -1);
  return word;
}
