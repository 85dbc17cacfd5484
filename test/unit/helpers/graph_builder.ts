/**
 * Graph builder for tests
 * =======================
 * Small hand-made graphs through CodeGraph: files, modules, packages and symbols with ids built
 * the way the resolver builds them, so query tests read like the code they describe.
 */
import { CodeGraph } from '../../../extension/core/model/graph';
import { externalId, fileId, moduleId, symbolId } from '../../../extension/core/model/ids';
import type { EdgeAttributes, EdgeKind, NodeAttributes } from '../../../extension/core/model/types';
import type { LanguageId, SymbolKind } from '../../../extension/core/parse/facts';
import { languageSpec } from '../../../extension/core/parse/languages';

export function languageOf(path: string): LanguageId {
  if (path.endsWith('.py')) return 'python';
  if (path.endsWith('.tsx')) return 'tsx';
  if (path.endsWith('.js') || path.endsWith('.mjs') || path.endsWith('.cjs')) return 'javascript';
  return 'typescript';
}

/** `src/app/api.py` → `app.api` (a leading `src/` is a source root); TS/JS keep the path without extension. */
export function containerOf(path: string): string {
  const bare = path.replace(/\.[^./]+$/, '');
  if (languageOf(path) !== 'python') return bare;
  return bare.replace(/^src\//, '').replace(/\/__init__$/, '').split('/').join('.');
}

export class GraphBuilder {
  constructor(readonly g: CodeGraph = new CodeGraph()) {}

  file(path: string, extra: Partial<NodeAttributes> = {}): string {
    const id = fileId(path);
    const lang = languageOf(path);
    this.g.setNode(id, {
      kind: 'file',
      name: path.split('/').pop() as string,
      path,
      language: lang,
      hash: `hash-of-${path}`,
      ...(lang === 'python' ? { qualifiedName: containerOf(path) } : {}),
      ...extra,
    });
    return id;
  }

  module(dir: string): string {
    const id = moduleId(dir);
    this.g.setNode(id, { kind: 'module', name: dir.split('/').pop() || '.', path: dir });
    return id;
  }

  ext(pkg: string): string {
    const id = externalId(pkg);
    this.g.setNode(id, { kind: 'external', name: pkg });
    return id;
  }

  /** A symbol `qn` of `kind` in `path` spanning start..end (its name line is `start` unless given). */
  sym(path: string, qn: string, kind: SymbolKind, start: number, end: number, extra: Partial<NodeAttributes> = {}): string {
    const id = symbolId(languageSpec(languageOf(path)).idPrefix, containerOf(path), qn);
    const name = qn.split(/\.| > /).pop() as string;
    this.g.setNode(id, { kind, name, qualifiedName: qn, path, language: languageOf(path), line: start, startLine: start, endLine: end, ...extra });
    return id;
  }

  edge(kind: EdgeKind, source: string, target: string, attrs: Omit<EdgeAttributes, 'kind'> = {}): string {
    return this.g.setEdge(kind, source, target, attrs);
  }

  calls(source: string, target: string, lines: number[] = [1], confidence: EdgeAttributes['confidence'] = 'resolved'): string {
    return this.g.setEdge('calls', source, target, { lines, confidence });
  }
}
