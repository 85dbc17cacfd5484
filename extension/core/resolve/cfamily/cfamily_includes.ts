/**
 * C/C++ includes
 * ==============
 * Where `#include` finds a header, as the preprocessor would: a quoted name relative to the
 * including file first; then the include directories of `compile_commands.json` (`-I`, `-iquote`,
 * `-isystem`, `/I`), when the workspace has one; then the common layouts (an `include/` folder
 * beside the file or in one of its ancestors, the workspace root). A header found nowhere is
 * an external (the system's or a third party's).
 *
 * compile_commands.json names directories by absolute path, and the resolver does not know where
 * the workspace sits on disk: an absolute directory is matched to the longest of its trailing
 * paths that is a folder of the workspace (`/home/me/proj/include` → `include` or `proj/include`),
 * which holds wherever the workspace was checked out. Every probe is a tracked read.
 */
import { posix } from 'node:path';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';

export type IncludeTarget = { t: 'file'; path: string } | { t: 'external'; name: string };

const MAX_DIRS = 64;

/** The include directories a compile_commands.json names (absolute or relative to the entry's directory), in order, deduplicated. */
export function includeDirsOf(text: string): string[] {
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    return []; // an unreadable compile_commands.json: the layouts still apply
  }
  if (!Array.isArray(entries)) return [];
  const out = new Set<string>();
  for (const e of entries as { directory?: unknown; arguments?: unknown; command?: unknown }[]) {
    if (out.size >= MAX_DIRS) break;
    const dir = typeof e?.directory === 'string' ? e.directory : '';
    const args = Array.isArray(e?.arguments) ? e.arguments.filter((a): a is string => typeof a === 'string') : typeof e?.command === 'string' ? e.command.split(/\s+/) : [];
    for (let i = 0; i < args.length; i++) {
      const a = args[i]!;
      const m = /^(-I|-iquote|-isystem|\/I)(.*)$/.exec(a);
      if (!m) continue;
      const value = m[2] || args[++i];
      if (!value) continue;
      out.add(posix.isAbsolute(value) ? posix.normalize(value) : posix.normalize(posix.join(dir || '/', value)));
    }
  }
  return [...out];
}

export class Includes {
  /** compile_commands.json text → its include directories (parsed once per update). */
  private readonly parsed = new Map<string, string[]>();

  constructor(private readonly project: Project) {}

  /** `"x.h"` or `<x.h>` (as written) included from `from`. */
  resolve(from: string, written: string, tracker: DepTracker): IncludeTarget | undefined {
    const quoted = written.startsWith('"');
    if (!quoted && !written.startsWith('<')) return undefined;
    const name = written.slice(1, -1).trim();
    if (!name) return undefined;
    const probe = (dir: string): string | undefined => {
      const p = posix.normalize(dir ? `${dir}/${name}` : name);
      return !p.startsWith('../') && this.project.exists(p, tracker) ? p : undefined;
    };
    const here = posix.dirname(from) === '.' ? '' : posix.dirname(from);
    if (quoted) {
      const found = probe(here);
      if (found) return { t: 'file', path: found };
    }
    for (const dir of this.compileDirs(tracker)) {
      const found = probe(dir);
      if (found) return { t: 'file', path: found };
    }
    for (let d = here; ; d = posix.dirname(d) === '.' ? '' : posix.dirname(d)) {
      const found = probe(d ? `${d}/include` : 'include') ?? (d === '' ? probe('') : undefined);
      if (found) return { t: 'file', path: found };
      if (d === '') break;
    }
    return { t: 'external', name };
  }

  /** The workspace folders compile_commands.json's include directories are. */
  private compileDirs(tracker: DepTracker): string[] {
    const out: string[] = [];
    for (const config of this.project.configPaths()) {
      if (posix.basename(config) !== 'compile_commands.json') continue;
      const text = this.project.configText(config, tracker) ?? '';
      let dirs = this.parsed.get(text);
      if (!dirs) this.parsed.set(text, (dirs = includeDirsOf(text)));
      for (const abs of dirs) {
        const parts = abs.split('/').filter(Boolean);
        for (let i = 0; i < parts.length; i++) {
          const rel = parts.slice(i).join('/');
          if (this.project.dirExists(rel, tracker)) {
            out.push(rel);
            break;
          }
        }
      }
    }
    return out;
  }
}
