/**
 * Linking mentions to code
 * ========================
 * Resolves one mention against the current graph, in tiers from surest to least sure:
 *   paths      exact file or folder (1.0) · a TS/JS module path without extension (0.95) ·
 *              the unique file or folder whose path ends with it (0.9; shared when several)
 *   names      a qualified name as the graph stores it, `Client.send` (1.0) · a dotted module
 *              then a qualified name, `app.api.Client.send` (1.0) · a shorter qualified tail (0.8) ·
 *              a bare name (0.9), preferring classes over functions over methods, a method whose
 *              class the document also names, code outside test folders
 *   in context a method named as a call (`check()`) whose class the document names wins over
 *              same-named functions; `path::name` is the definition in that file; a code span the
 *              text calls a directory is a folder; a lone snake_case word may name a folder
 *   fields     a field named in a code span (`extra_fields`) → the class declaring it (0.7)
 *   routes     an HTTP route (`GET /v1/things/hourly`) → the handler its decorator binds (0.8),
 *              the segments before the decorator's path chosen among by the handler's file path
 *   fuzzy      only when nothing matches exactly: a compound name equal up to case and plurals
 *              (`FooEC2App` ~ `FooEc2App`, `SlackUsergroupService` ~ `SlackUsergroupsService`), a path
 *              with a drifted segment, a module path with its parts in another order (0.6, via "fuzzy")
 *   fenced     a receiver call in fenced code (`store.initialize()`) → that method of a class the
 *              record links elsewhere (0.6); a route line (`POST /api/x`)
 *   prose      `ReleaseFile.id` → ReleaseFile (a member of it); "a Redirect model" → Redirect (0.7)
 * An ambiguous mention links every candidate, its weight shared among them. What resolves to
 * nothing is unresolved when it looks like workspace code (a path with a code extension, a
 * compound identifier) and ignored when it does not (a product name, a builtin, a package's API);
 * fenced and prose mentions are never reported. Pure over (graph, code facts, mention): the same
 * code always gives the same links.
 */
import { posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import type { Confidence, NodeKind } from '../model/types';
import { externalId, fileId, isModuleId, moduleId } from '../model/ids';
import { CodeExtracts, fuzzyKey, routeSegments, singular, type Extracts, type Place } from './code_extracts';
import type { MentionFact } from './facts';
import { classify, CODE_EXTENSIONS, looksLikeCode, worthReporting } from './mentions';

const FUZZY = 0.6;
const CLASS_KINDS = new Set<NodeKind>(['class', 'interface', 'enum']);

export interface LinkTarget {
  id: string;
  score: number;
  via: string;
  confidence?: Confidence;
}

export type Resolution = { kind: 'linked'; targets: LinkTarget[] } | { kind: 'unresolved'; reason: string } | { kind: 'ignored' };

const TIER: Partial<Record<NodeKind, number>> = { class: 0, interface: 0, enum: 0, function: 1, type: 1, method: 2 };
const MODULE_EXTS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.py', '/index.ts', '/index.tsx', '/index.js', '/__init__.py'];
/** Beyond this many candidates a name says too little to link anything. */
const MAX_CANDIDATES = 8;

const round = (n: number): number => Math.round(n * 100) / 100;

export function isTestPath(path: string): boolean {
  return /(^|\/)(tests?|__tests__|spec|fixtures)(\/|$)|(^|\/)test_[^/]*$|_test\.py$|\.(test|spec)\.[cm]?[jt]sx?$/.test(path);
}

export class CodeLinker {
  private basenames: Map<string, string[]> | undefined;

  /** `extracts`: fields, routes and name keys from the code facts (empty: those tiers find nothing). */
  constructor(
    private readonly graph: CodeGraph,
    private readonly extracts: Extracts = new CodeExtracts().get(),
  ) {}

  /** The node of a definition by its file and qualified name. */
  private idOf(p: Place): string | undefined {
    return this.graph.nodesInPath(p.path).find((id) => this.graph.node(id)?.qualifiedName === p.qn && TIER[this.graph.node(id)!.kind] !== undefined);
  }

  private ids(places: readonly Place[] | undefined): string[] {
    return [...new Set((places ?? []).map((p) => this.idOf(p)).filter((id): id is string => id !== undefined))].sort();
  }

  /**
   * `mentioned`: every identifier part the document mentions, to choose among same-named methods;
   * `context`: the classes the document's other mentions linked, for its fenced code.
   */
  resolve(m: MentionFact, docPath: string, mentioned: ReadonlySet<string>, context: ReadonlySet<string> = new Set()): Resolution {
    const r =
      m.form === 'link' ? this.resolveLink(m.text, docPath)
      : m.form === 'fence' ? this.resolveFence(m.text, context)
      : m.form === 'prose' ? this.resolveProse(m.text)
      : this.resolveCode(m.text, mentioned, m.folder === true);
    if (r.kind !== 'linked' || !m.weak) return r;
    return { kind: 'linked', targets: r.targets.map((t) => ({ ...t, score: round(t.score * 0.7), confidence: 'name' })) };
  }

  // ---- paths ------------------------------------------------------------------------------

  private resolveLink(url: string, docPath: string): Resolution {
    let path: string;
    const blob = /^https?:\/\/[^/]+\/[^/]+\/[^/]+\/(?:blob|tree)\/[^/]+\/(.+)$/.exec(url);
    if (blob) path = blob[1]!;
    else if (/^[a-z][\w+.-]*:/i.test(url) || url.startsWith('#')) return { kind: 'ignored' };
    else {
      let decoded = url;
      try {
        decoded = decodeURI(url);
      } catch {
        // a malformed escape: take the URL as written
      }
      // A leading slash is the repository root (as GitHub renders it); anything else is the document's folder.
      path = decoded.startsWith('/') ? posix.normalize(decoded.slice(1)) : posix.normalize(posix.join(posix.dirname(docPath), decoded));
      if (path.startsWith('..')) return { kind: 'ignored' };
      // Written from the root although the record sits in docs/adr (`src/app.py` meaning the root's).
      if (!decoded.startsWith('/') && !decoded.startsWith('.')) {
        const fromRoot = posix.normalize(decoded).replace(/(?:#L\d+(?:-L\d+)?|#.*)$/, '').replace(/\/+$/, '');
        if (!this.exactPath(path.replace(/(?:#L\d+(?:-L\d+)?|#.*)$/, '').replace(/\/+$/, ''))) {
          const root = this.exactPath(fromRoot);
          if (root) return { kind: 'linked', targets: [{ ...root, score: round(root.score * 0.9), via: 'link' }] };
        }
      }
    }
    path = path.replace(/(?:#L\d+(?:-L\d+)?|#.*)$/, '');
    const folder = path.endsWith('/');
    const clean = path.replace(/\/+$/, '');
    const found = this.exactPath(clean);
    if (found) return { kind: 'linked', targets: [{ ...found, via: 'link' }] };
    if (folder || CODE_EXTENSIONS.test(clean)) return { kind: 'unresolved', reason: `no file or folder ${clean} in the workspace` };
    return { kind: 'ignored' };
  }

  private exactPath(path: string): LinkTarget | undefined {
    if (path === '' || path === '.') return undefined;
    if (this.graph.hasNode(fileId(path))) return { id: fileId(path), score: 1, via: 'path' };
    if (this.graph.hasNode(moduleId(path))) return { id: moduleId(path), score: 1, via: 'path' };
    if (!/\.\w+$/.test(path)) {
      for (const ext of MODULE_EXTS) if (this.graph.hasNode(fileId(path + ext))) return { id: fileId(path + ext), score: 0.95, via: 'path' };
    }
    return undefined;
  }

  private resolvePath(path: string, folder: boolean): Resolution {
    const exact = this.exactPath(path);
    if (exact) return { kind: 'linked', targets: [exact] };
    const hits = folder || !/\.\w+$/.test(path) ? this.folderSuffix(path) : this.fileSuffix(path);
    if (hits.length > 0 && hits.length <= MAX_CANDIDATES) {
      const score = round(0.9 / hits.length);
      return { kind: 'linked', targets: hits.map((id) => ({ id, score, via: 'path-suffix', confidence: 'name' as const })) };
    }
    const near = folder || !/\.\w+$/.test(path) ? [] : this.fuzzyFile(path);
    if (near.length > 0 && near.length <= 2) return { kind: 'linked', targets: near.map((id) => ({ id, score: round(FUZZY / near.length), via: 'fuzzy', confidence: 'name' as const })) };
    const first = path.split('/')[0]!;
    if (folder || CODE_EXTENSIONS.test(path) || (path.includes('/') && this.graph.hasNode(moduleId(first)))) {
      return { kind: 'unresolved', reason: `no file or folder ${path} in the workspace` };
    }
    return { kind: 'ignored' };
  }

  /** Files whose last segments are the path's up to case, `-`/`_` and plurals (`slack_usergroup/service.py`). */
  private fuzzyFile(path: string): string[] {
    const want = path.split('/').map(segmentKey);
    const base = path.slice(path.lastIndexOf('/') + 1);
    return (this.basenameIndex().get(base) ?? [])
      .filter((p) => {
        const have = p.split('/').map(segmentKey);
        return have.length >= want.length && want.every((w, i) => w === have[have.length - want.length + i]);
      })
      .map(fileId)
      .sort();
  }

  private fileSuffix(path: string): string[] {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const tail = `/${path}`;
    return (this.basenameIndex().get(base) ?? []).filter((p) => p === path || p.endsWith(tail)).map(fileId).sort();
  }

  private folderSuffix(path: string): string[] {
    const base = path.slice(path.lastIndexOf('/') + 1);
    const tail = `/${path}`;
    return this.graph
      .findByName(base)
      .filter((id) => isModuleId(id) && this.graph.node(id)?.name === base && (this.graph.node(id)?.path ?? '').endsWith(tail))
      .sort();
  }

  /** File basename → file paths, built once per linker (a linker lives for one relink). */
  private basenameIndex(): Map<string, string[]> {
    if (!this.basenames) {
      this.basenames = new Map();
      for (const p of this.graph.paths()) {
        if (!this.graph.hasNode(fileId(p))) continue;
        const base = posix.basename(p);
        const list = this.basenames.get(base) ?? [];
        list.push(p);
        this.basenames.set(base, list);
      }
    }
    return this.basenames;
  }

  // ---- names ------------------------------------------------------------------------------

  private resolveCode(text: string, mentioned: ReadonlySet<string>, folderSaid: boolean): Resolution {
    if (folderSaid && /^[\w.-]+\/?$/.test(text.trim())) {
      // "the `patterns` directory": a folder by its name, wherever it is.
      const name = text.trim().replace(/\/$/, '');
      const r = this.resolvePath(name, true);
      if (r.kind === 'linked') return r;
      if (!name.includes('/') && !looksLikeCode(name)) return { kind: 'ignored' };
    }
    const c = classify(text);
    if (c.form === 'none') return { kind: 'ignored' };
    if (c.form === 'route') return this.resolveRoute(c.method, c.path);
    if (c.form === 'path') {
      const r = this.resolvePath(c.path, c.folder);
      if (r.kind === 'linked' || CODE_EXTENSIONS.test(c.path)) return r;
      // `v1/things/hourly`: no such folder, perhaps a route.
      const route = this.resolveRoute(undefined, `/${c.path}`);
      return route.kind === 'linked' ? route : r;
    }
    const { parts, call } = c;
    if (c.inFile) {
      const inFile = this.inFile(c.inFile, parts.join('.'));
      if (inFile.length) return { kind: 'linked', targets: share(inFile, 1, 'qualified') };
    }
    const targets = parts.length > 1 ? this.dotted(parts) : this.bare(parts[0]!, mentioned, call);
    if (targets.length > MAX_CANDIDATES) return { kind: 'ignored' };
    if (targets.length) return { kind: 'linked', targets };
    if (this.graph.hasNode(externalId(parts[0]!))) return { kind: 'ignored' };
    const near = this.nearMisses(parts, mentioned);
    if (near.length) return { kind: 'linked', targets: near };
    if (parts.length > 1) {
      const owner = this.bare(parts[0]!, new Set()).filter((t) => (TIER[this.graph.node(t.id)?.kind ?? 'file'] ?? 9) === 0);
      if (owner.length) return { kind: 'unresolved', reason: `${parts[0]} has no member ${parts.slice(1).join('.')}` };
    }
    return worthReporting(parts, call) ? { kind: 'unresolved', reason: `nothing named ${parts.join('.')} in the workspace` } : { kind: 'ignored' };
  }

  private isTarget(id: string): boolean {
    const kind = this.graph.node(id)?.kind;
    return kind !== undefined && (TIER[kind] !== undefined || kind === 'file' || kind === 'module');
  }

  private dotted(parts: string[]): LinkTarget[] {
    const qn = parts.join('.');
    const exact = preferNonTest(this.graph.findByQualifiedName(qn).filter((id) => this.isTarget(id)), this.graph);
    if (exact.length) return share(exact, 1, 'qualified');

    // A dotted module, then a qualified name inside it: app.api.Client.send.
    for (let i = parts.length - 1; i >= 1; i--) {
      const mod = parts.slice(0, i).join('.');
      const rest = parts.slice(i).join('.');
      const hits: string[] = [];
      for (const m of this.graph.findByQualifiedName(mod)) {
        const a = this.graph.node(m);
        if (a?.kind !== 'file' || a.path === undefined) continue;
        for (const id of this.graph.nodesInPath(a.path)) if (this.graph.node(id)?.qualifiedName === rest && this.isTarget(id)) hits.push(id);
      }
      if (hits.length) return share(hits.sort(), 1, 'qualified');
    }
    // A shorter tail (`utils.slugify` where the module is shop.utils), preferring paths that say the head.
    for (let k = 1; k < parts.length; k++) {
      const tail = parts.slice(k).join('.');
      if (k === parts.length - 1 && !/[A-Z_]/.test(tail)) break; // a lone lower-case word says too little
      let hits = preferNonTest(this.graph.findByQualifiedName(tail).filter((id) => this.isTarget(id)), this.graph);
      const said = hits.filter((id) => parts.slice(0, k).some((p) => (this.graph.node(id)?.path ?? '').split(/[/.]/).includes(p)));
      if (said.length) hits = said;
      if (hits.length) return share(hits, 0.8, 'qualified-tail');
    }
    return [];
  }

  private bare(name: string, mentioned: ReadonlySet<string>, call = false): LinkTarget[] {
    const symbols = this.graph.findByName(name).filter((id) => this.graph.node(id)?.name === name && TIER[this.graph.node(id)!.kind] !== undefined);
    let best = symbols;
    // `check()` in a record about handlers: the method of the class it names, not a same-named function.
    const owned = call ? symbols.filter((id) => this.graph.node(id)?.kind === 'method' && this.ownerNamed(id, mentioned)) : [];
    if (owned.length) best = owned;
    else if (symbols.length) {
      const top = Math.min(...symbols.map((id) => TIER[this.graph.node(id)!.kind]!));
      best = symbols.filter((id) => TIER[this.graph.node(id)!.kind] === top);
      if (top === 2) {
        // Same-named methods: keep those whose class the document names too.
        const named = best.filter((id) => this.ownerNamed(id, mentioned));
        if (named.length) best = named;
      }
    } else {
      // A module by its file's name: `order_service` → shop/order_service.py.
      best = [...(this.basenameIndex().entries())]
        .filter(([base]) => base.replace(/\.[^.]+$/, '') === name && base !== name)
        .flatMap(([, paths]) => paths.map(fileId));
    }
    best = preferNonTest(best, this.graph).sort();
    return share(best, symbols.length ? 0.9 : 0.8, 'name');
  }

  private ownerNamed(id: string, mentioned: ReadonlySet<string>): boolean {
    const qn = this.graph.node(id)?.qualifiedName ?? '';
    return qn.split('.').slice(0, -1).some((p) => mentioned.has(p));
  }

  /** The definitions in a file (`path::name`): the file by its path or a unique path ending. */
  private inFile(path: string, qualifiedName: string): string[] {
    const files = this.exactPath(path) ? [path] : this.fileSuffix(path).map((id) => id.slice('file:'.length));
    if (files.length !== 1) return [];
    return this.graph.nodesInPath(files[0]!).filter((id) => this.graph.node(id)?.qualifiedName === qualifiedName && this.isTarget(id));
  }

  /** Nothing is named so: a folder of that name, the class declaring such a field, or a near spelling. */
  private nearMisses(parts: string[], mentioned: ReadonlySet<string>): LinkTarget[] {
    if (parts.length === 1) {
      const name = parts[0]!;
      // `aws_api_typed`: a package folder by its name.
      if (/[a-z0-9]_[a-z0-9]/i.test(name)) {
        const folders = this.graph.findByName(name).filter((id) => isModuleId(id) && this.graph.node(id)?.name === name);
        if (folders.length === 1) return [{ id: folders[0]!, score: 0.8, via: 'name', confidence: 'name' }];
      }
      // `extra_fields`: the class that declares it (the one the record names, when several do).
      if (looksLikeCode(name) && !/^[A-Z]/.test(name)) {
        let owners = this.ids(this.extracts.fields.get(name));
        const named = owners.filter((id) => mentioned.has(this.graph.node(id)?.name ?? ''));
        if (named.length) owners = named;
        // One class says which; several, only when the record names one of them.
        if (owners.length === 1 || (named.length > 0 && owners.length <= 3)) return share(owners, 0.7, 'field').map((t) => ({ ...t, via: 'field', confidence: 'name' as const }));
      }
    }
    if (parts.every((p) => /^[a-z_][a-z0-9_]*$/.test(p)) && parts.length > 1) {
      // `pkg.roles.authorization` for pkg/authorization/roles.py: the same parts in another order.
      const hits = (this.extracts.moduleKeys.get([...parts].sort().join('/')) ?? []).filter((p) => this.graph.hasNode(fileId(p))).map(fileId);
      if (hits.length === 1) return [{ id: hits[0]!, score: FUZZY, via: 'fuzzy', confidence: 'name' }];
      return [];
    }
    if (parts.length > 1) return []; // `Client.sned`: "has no member" says more than a guess
    const key = fuzzyKey(parts[0]!);
    if (key === undefined) return [];
    const hits = preferNonTest(this.ids(this.extracts.names.get(key)), this.graph);
    if (hits.length === 0 || hits.length > 2) return [];
    return hits.map((id) => ({ id, score: round(FUZZY / hits.length), via: 'fuzzy', confidence: 'name' as const }));
  }

  // ---- fenced code, prose, routes -----------------------------------------------------------

  private resolveFence(text: string, context: ReadonlySet<string>): Resolution {
    const route = /^([A-Z]+) (\/\S*)$/.exec(text);
    if (route) return this.resolveRoute(route[1], route[2]!);
    const [receiver, method] = text.split('.') as [string, string];
    if (!method || context.size === 0) return { kind: 'ignored' };
    const hits = this.graph.findByName(method).filter((id) => {
      const n = this.graph.node(id);
      if (n?.kind !== 'method' || n.name !== method) return false;
      const owner = (n.qualifiedName ?? '').split('.').slice(-2, -1)[0] ?? '';
      // `Store.initialize()` names its class; `store.initialize()` any class the record is about.
      return /^[A-Z]/.test(receiver) ? owner === receiver && context.has(owner) : context.has(owner);
    });
    const best = preferNonTest(hits, this.graph);
    if (best.length === 0 || best.length > 3) return { kind: 'ignored' };
    return { kind: 'linked', targets: best.sort().map((id) => ({ id, score: round(FUZZY / best.length), via: 'fenced', confidence: 'name' as const })) };
  }

  private resolveProse(text: string): Resolution {
    const dot = text.indexOf('.');
    const name = dot < 0 ? text : text.slice(0, dot);
    // Running text is read for names of the project's own code: a test's class is nobody's subject.
    const classes = this.graph
      .findByName(name)
      .filter((id) => CLASS_KINDS.has(this.graph.node(id)?.kind ?? 'file') && this.graph.node(id)?.name === name && !isTestPath(this.graph.node(id)?.path ?? ''));
    if (classes.length === 0 || classes.length > 2) return { kind: 'ignored' };
    if (dot < 0) return { kind: 'linked', targets: share(classes, 0.7, 'prose').map((t) => ({ ...t, via: 'prose', confidence: 'name' as const })) };
    // `ReleaseFile.id`: a method of the class is the method; a field of it, the class.
    const member = text.slice(dot + 1);
    const methods = classes.flatMap((c) => {
      const qn = this.graph.node(c)?.qualifiedName;
      return this.graph.nodesInPath(this.graph.node(c)?.path ?? '').filter((id) => this.graph.node(id)?.qualifiedName === `${qn}.${member}`);
    });
    if (methods.length) return { kind: 'linked', targets: share(methods, 0.7, 'prose').map((t) => ({ ...t, via: 'prose', confidence: 'name' as const })) };
    const declaring = this.ids(this.extracts.fields.get(member));
    const owners = classes.filter((c) => declaring.includes(c));
    if (owners.length) return { kind: 'linked', targets: share(owners, 0.7, 'field').map((t) => ({ ...t, via: 'field', confidence: 'name' as const })) };
    return { kind: 'ignored' };
  }

  /**
   * The handler a route names: decorator paths (with their class's prefix) that end the route,
   * the longest first, then the one whose file path holds most of the route's other segments.
   */
  private resolveRoute(method: string | undefined, path: string): Resolution {
    const want = routeSegments(path);
    let best: { entry: Place; score: number }[] = [];
    for (const e of this.extracts.routes) {
      if (method && e.method && e.method !== method) continue;
      if (e.segments.length > want.length || e.segments.length === 0) continue;
      const tail = want.slice(want.length - e.segments.length);
      let literal = 0;
      let ok = true;
      e.segments.forEach((seg, i) => {
        const w = tail[i]!;
        if (seg === '*' || w === '*') return;
        if (seg === w) literal++;
        else ok = false;
      });
      if (!ok || literal === 0) continue;
      const where = new Set(e.path.split(/[/.]/).map(segmentKey));
      const rest = want.slice(0, want.length - e.segments.length).filter((w) => w !== '*' && where.has(segmentKey(w))).length;
      const score = literal * 10 + rest + (method && e.method === method ? 1 : 0);
      if (!best.length || score > best[0]!.score) best = [{ entry: e, score }];
      else if (score === best[0]!.score) best.push({ entry: e, score });
    }
    const ids = this.ids(best.map((b) => b.entry));
    if (ids.length === 0 || ids.length > 2) return { kind: 'ignored' };
    return { kind: 'linked', targets: ids.map((id) => ({ id, score: round(0.8 / ids.length), via: 'route', confidence: 'name' as const })) };
  }

  // ---- indexes, built once per linker (a linker lives for one relink) --------------------------


}

/** A path segment compared loosely: case, `-`/`_`, a plural `s`. */
function segmentKey(segment: string): string {
  const s = segment.toLowerCase().replace(/-/g, '_');
  return s.split('_').map(singular).join('_');
}
/** Candidates outside test folders, when there are any. */
function preferNonTest(ids: string[], graph: CodeGraph): string[] {
  const outside = ids.filter((id) => !isTestPath(graph.node(id)?.path ?? ''));
  return outside.length ? outside : ids;
}

/** One target keeps the tier's weight; several share it and say they are a guess. */
function share(ids: string[], weight: number, via: string): LinkTarget[] {
  const unique = [...new Set(ids)].sort();
  if (unique.length === 1) {
    const t: LinkTarget = { id: unique[0]!, score: weight, via };
    if (via === 'name' || via === 'qualified-tail') t.confidence = 'name';
    return [t];
  }
  return unique.map((id) => ({ id, score: round(weight / unique.length), via: 'ambiguous', confidence: 'name' as const }));
}
