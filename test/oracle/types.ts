/**
 * Oracle edge model
 * =================
 * The shapes both language-server oracles (TypeScript checker, pyright) answer in, and the
 * helpers to key and list them. A declaration is named by (root-relative path, 1-based line of
 * its NAME); line 0 stands for the file itself (module-level code).
 */
import { readdirSync, statSync } from 'node:fs';
import { join, relative, sep } from 'node:path';

export interface DeclRef {
  /** Root-relative, forward slashes. */
  path: string;
  /** 1-based line of the declaration's name; 0 = the file (module level). */
  line: number;
}

export interface OracleEdge {
  caller: DeclRef;
  callee: DeclRef;
  /** 1-based lines in the caller's file where the call happens, sorted, unique. */
  callSiteLines: number[];
}

export type OracleDeclKind = 'file' | 'function' | 'method' | 'class' | 'interface-method' | 'test';

/** A declaration the oracle knows of: every caller it asked about and every callee it named. */
export interface OracleDecl extends DeclRef {
  name: string;
  kind: OracleDeclKind;
}

export interface OracleResult {
  edges: OracleEdge[];
  /**
   * The callers the oracle can speak for (it looked at all their calls). An edge of ours whose
   * caller is not here says nothing about the oracle, so comparisons should skip it.
   */
  callers: OracleDecl[];
  /** Every graph-level declaration the oracle saw (callers, callee-only ones like interface methods). */
  declarations: OracleDecl[];
  /**
   * Inheritance as the checker sees it: a class (or TS interface) → each base it names that is declared
   * under the root (caller = the subclass, callee = the base, no call sites). Absent when not asked.
   */
  inherits?: OracleEdge[];
  /** The classes (and TS interfaces) the oracle looked at for `inherits`. */
  classes?: DeclRef[];
}

export const declKey = (d: DeclRef): string => `${d.path}:${d.line}`;
export const edgeKeyOf = (e: { caller: DeclRef; callee: DeclRef }): string => `${declKey(e.caller)} -> ${declKey(e.callee)}`;

export function toRootRelative(root: string, file: string): string {
  return relative(root, file).split(sep).join('/');
}

const SKIP_DIRS = new Set(['node_modules', '.git', '__pycache__', '.venv', 'dist', 'build']);

/** Source files under root with one of the extensions, root-relative, sorted. */
export function listSourceFiles(root: string, extensions: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (dir: string): void => {
    for (const name of readdirSync(dir)) {
      const full = join(dir, name);
      if (statSync(full).isDirectory()) {
        if (!SKIP_DIRS.has(name) && !name.startsWith('.')) walk(full);
      } else if (extensions.some((ext) => name.endsWith(ext)) && !name.endsWith('.d.ts')) {
        out.push(toRootRelative(root, full));
      }
    }
  };
  walk(root);
  return out.sort();
}

export const TS_EXTENSIONS = ['.ts', '.tsx', '.js', '.jsx', '.mjs', '.cjs'] as const;
export const PY_EXTENSIONS = ['.py'] as const;

/** Merge edges with the same (caller, callee), unioning call-site lines; output sorted by key. */
export function mergeEdges(edges: Iterable<OracleEdge>): OracleEdge[] {
  const byKey = new Map<string, OracleEdge>();
  for (const e of edges) {
    const k = edgeKeyOf(e);
    const prev = byKey.get(k);
    if (prev) prev.callSiteLines = [...new Set([...prev.callSiteLines, ...e.callSiteLines])].sort((a, b) => a - b);
    else byKey.set(k, { caller: { ...e.caller }, callee: { ...e.callee }, callSiteLines: [...new Set(e.callSiteLines)].sort((a, b) => a - b) });
  }
  return [...byKey.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, e]) => e);
}
