/**
 * TypeScript / JavaScript module resolution
 * =========================================
 * Turns an import specifier into a workspace file or an external package, as `tsc` would with
 * `moduleResolution: bundler`: relative paths with extension probing and `index` files, ESM `.js`
 * specifiers that name `.ts` sources, `tsconfig.json` `paths` and `baseUrl` (with `extends`), and
 * packages of the workspace itself (monorepos) by their package.json name. Anything else is external.
 */
import { posix } from 'node:path';
import { parse as parseJsonc } from 'jsonc-parser';

const EXTENSIONS = ['.ts', '.tsx', '.d.ts', '.mts', '.cts', '.js', '.jsx', '.mjs', '.cjs'];
/** An ESM import of `./a.js` means `./a.ts` in a TypeScript project. */
const SOURCE_FOR_OUTPUT: Record<string, string[]> = {
  '.js': ['.ts', '.tsx'],
  '.jsx': ['.tsx'],
  '.mjs': ['.mts'],
  '.cjs': ['.cts'],
};

export const isConfigFile = (path: string): boolean => /(^|\/)(tsconfig[^/]*\.json|jsconfig\.json|package\.json)$/.test(path);

interface TsConfig {
  dir: string;
  baseUrl?: string; // workspace-relative folder
  paths: { pattern: string; targets: string[] }[]; // targets workspace-relative
}

interface WorkspacePackage {
  dir: string;
  entries: string[]; // candidate entry files, workspace-relative
}

export type ModuleTarget = { kind: 'file'; path: string } | { kind: 'external'; name: string } | { kind: 'unresolved' };

function parentDir(p: string): string {
  const d = posix.dirname(p);
  return d === '.' ? '' : d;
}

function join(dir: string, rel: string): string {
  const j = posix.normalize(dir === '' ? rel : `${dir}/${rel}`);
  return j === '.' ? '' : j.replace(/\/$/, '');
}

/** `@scope/pkg/sub` → `@scope/pkg`, `lodash/fp` → `lodash`, `node:fs` → `node:fs`. */
export function packageName(specifier: string): string {
  if (specifier.startsWith('node:')) return specifier;
  const parts = specifier.split('/');
  return specifier.startsWith('@') && parts.length > 1 ? `${parts[0]}/${parts[1]}` : parts[0]!;
}

export class TsModuleResolver {
  private readonly configs = new Map<string, TsConfig>(); // by folder
  private readonly packages = new Map<string, WorkspacePackage>(); // by package name

  /** `configFiles`: path → text of every tsconfig*.json / jsconfig.json / package.json in the workspace. */
  constructor(configFiles: ReadonlyMap<string, string>) {
    for (const [path, text] of configFiles) {
      const base = posix.basename(path);
      if (base === 'package.json') this.addPackage(path, text);
      else if (base === 'tsconfig.json' || base === 'jsconfig.json') {
        const cfg = this.loadTsConfig(path, configFiles, new Set());
        if (cfg) this.configs.set(parentDir(path), cfg);
      }
    }
  }

  private addPackage(path: string, text: string): void {
    const json = parseJsonc(text) as { name?: unknown; main?: unknown; types?: unknown; module?: unknown } | undefined;
    if (!json || typeof json.name !== 'string') return;
    const dir = parentDir(path);
    const entries: string[] = [];
    for (const field of [json.types, json.module, json.main]) {
      if (typeof field === 'string') entries.push(join(dir, field));
    }
    entries.push(join(dir, 'src/index'), join(dir, 'index'));
    this.packages.set(json.name, { dir, entries });
  }

  private loadTsConfig(path: string, files: ReadonlyMap<string, string>, seen: Set<string>): TsConfig | undefined {
    if (seen.has(path)) return undefined;
    seen.add(path);
    const text = files.get(path);
    if (text === undefined) return undefined;
    const json = parseJsonc(text) as { extends?: unknown; compilerOptions?: { baseUrl?: unknown; paths?: unknown } } | undefined;
    if (!json || typeof json !== 'object') return undefined;
    const dir = parentDir(path);
    let inherited: TsConfig | undefined;
    if (typeof json.extends === 'string' && json.extends.startsWith('.')) {
      const target = join(dir, json.extends.endsWith('.json') ? json.extends : `${json.extends}.json`);
      inherited = this.loadTsConfig(target, files, seen);
    }
    const opts = json.compilerOptions ?? {};
    const baseUrl = typeof opts.baseUrl === 'string' ? join(dir, opts.baseUrl) : inherited?.baseUrl;
    let paths = inherited?.paths ?? [];
    if (opts.paths && typeof opts.paths === 'object') {
      // Path targets are relative to baseUrl when set, else to the config's own folder.
      const from = typeof opts.baseUrl === 'string' ? join(dir, opts.baseUrl) : dir;
      paths = Object.entries(opts.paths as Record<string, unknown>).map(([pattern, targets]) => ({
        pattern,
        targets: Array.isArray(targets) ? targets.filter((t): t is string => typeof t === 'string').map((t) => join(from, t)) : [],
      }));
    }
    return { dir, ...(baseUrl !== undefined ? { baseUrl } : {}), paths };
  }

  private nearestConfig(fromFile: string): TsConfig | undefined {
    for (let dir = parentDir(fromFile); ; dir = parentDir(dir)) {
      const cfg = this.configs.get(dir);
      if (cfg) return cfg;
      if (dir === '') return undefined;
    }
  }

  /**
   * Resolves `specifier` imported from `fromFile`. `exists` answers whether a workspace file exists
   * (the caller records each probe as a dependency).
   */
  resolve(fromFile: string, specifier: string, exists: (path: string) => boolean): ModuleTarget {
    const probe = (base: string): string | undefined => probeFile(base, exists);
    if (specifier.startsWith('.') || specifier.startsWith('/')) {
      const found = probe(join(parentDir(fromFile), specifier));
      return found ? { kind: 'file', path: found } : { kind: 'unresolved' };
    }
    const cfg = this.nearestConfig(fromFile);
    if (cfg) {
      for (const { pattern, targets } of cfg.paths) {
        const star = matchPattern(pattern, specifier);
        if (star === undefined) continue;
        for (const target of targets) {
          const found = probe(target.replace('*', star));
          if (found) return { kind: 'file', path: found };
        }
      }
      if (cfg.baseUrl !== undefined) {
        const found = probe(join(cfg.baseUrl, specifier));
        if (found) return { kind: 'file', path: found };
      }
    }
    const name = packageName(specifier);
    const pkg = this.packages.get(name);
    if (pkg) {
      const sub = specifier.slice(name.length).replace(/^\//, '');
      const candidates = sub ? [join(pkg.dir, sub), join(pkg.dir, `src/${sub}`)] : pkg.entries;
      for (const c of candidates) {
        const found = probe(c);
        if (found) return { kind: 'file', path: found };
      }
    }
    return { kind: 'external', name };
  }
}

function matchPattern(pattern: string, specifier: string): string | undefined {
  const star = pattern.indexOf('*');
  if (star < 0) return pattern === specifier ? '' : undefined;
  const prefix = pattern.slice(0, star);
  const suffix = pattern.slice(star + 1);
  if (specifier.length < prefix.length + suffix.length) return undefined;
  if (!specifier.startsWith(prefix) || !specifier.endsWith(suffix)) return undefined;
  return specifier.slice(prefix.length, specifier.length - suffix.length);
}

/** The file a module path names: itself, with an extension, its TS source, or its index file. */
export function probeFile(base: string, exists: (path: string) => boolean): string | undefined {
  const ext = posix.extname(base);
  if (ext && exists(base) && EXTENSIONS.some((e) => base.endsWith(e))) {
    // An output extension with a TS source beside it: the source is what the project means.
    for (const src of SOURCE_FOR_OUTPUT[ext] ?? []) {
      const candidate = base.slice(0, -ext.length) + src;
      if (exists(candidate)) return candidate;
    }
    return base;
  }
  for (const src of SOURCE_FOR_OUTPUT[ext] ?? []) {
    const candidate = base.slice(0, -ext.length) + src;
    if (exists(candidate)) return candidate;
  }
  for (const e of EXTENSIONS) if (exists(base + e)) return base + e;
  for (const e of EXTENSIONS) if (exists(`${base}/index${e}`)) return `${base}/index${e}`;
  return undefined;
}
