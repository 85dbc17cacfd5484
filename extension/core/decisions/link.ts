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
 * An ambiguous mention links every candidate, its weight shared among them. What resolves to
 * nothing is unresolved when it looks like workspace code (a path with a code extension, a
 * compound identifier) and ignored when it does not (a product name, a builtin, a package's API).
 * Pure over (graph, mention): the same graph always gives the same links.
 */
import { posix } from 'node:path';
import type { CodeGraph } from '../model/graph';
import type { Confidence, NodeKind } from '../model/types';
import { externalId, fileId, isModuleId, moduleId } from '../model/ids';
import type { MentionFact } from './facts';
import { classify, CODE_EXTENSIONS, worthReporting } from './mentions';

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

  constructor(private readonly graph: CodeGraph) {}

  /** `mentioned`: every identifier part the document mentions, to choose among same-named methods. */
  resolve(m: MentionFact, docPath: string, mentioned: ReadonlySet<string>): Resolution {
    const r = m.form === 'link' ? this.resolveLink(m.text, docPath) : this.resolveCode(m.text, mentioned);
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
    const first = path.split('/')[0]!;
    if (folder || CODE_EXTENSIONS.test(path) || (path.includes('/') && this.graph.hasNode(moduleId(first)))) {
      return { kind: 'unresolved', reason: `no file or folder ${path} in the workspace` };
    }
    return { kind: 'ignored' };
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

  private resolveCode(text: string, mentioned: ReadonlySet<string>): Resolution {
    const c = classify(text);
    if (c.form === 'none') return { kind: 'ignored' };
    if (c.form === 'path') return this.resolvePath(c.path, c.folder);
    const { parts, call } = c;
    const targets = parts.length > 1 ? this.dotted(parts) : this.bare(parts[0]!, mentioned);
    if (targets.length > MAX_CANDIDATES) return { kind: 'ignored' };
    if (targets.length) return { kind: 'linked', targets };
    if (this.graph.hasNode(externalId(parts[0]!))) return { kind: 'ignored' };
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

  private bare(name: string, mentioned: ReadonlySet<string>): LinkTarget[] {
    const symbols = this.graph.findByName(name).filter((id) => this.graph.node(id)?.name === name && TIER[this.graph.node(id)!.kind] !== undefined);
    let best = symbols;
    if (symbols.length) {
      const top = Math.min(...symbols.map((id) => TIER[this.graph.node(id)!.kind]!));
      best = symbols.filter((id) => TIER[this.graph.node(id)!.kind] === top);
      if (top === 2) {
        // Same-named methods: keep those whose class the document names too.
        const owned = best.filter((id) => {
          const qn = this.graph.node(id)?.qualifiedName ?? '';
          return qn.split('.').slice(0, -1).some((p) => mentioned.has(p));
        });
        if (owned.length) best = owned;
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
