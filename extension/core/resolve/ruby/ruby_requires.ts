/**
 * Ruby requires
 * =============
 * Where `require` / `require_relative` / `autoload` land, as Ruby's load path would find them in a
 * workspace: a relative path from the requiring file's folder; a load path name (`a/b`) as
 * `a/b.rb` at the root, under `lib/`, or under any `lib/` folder of the workspace (a gem's own
 * load path; the shortest path wins when several gems have it). What the workspace does not have
 * is a third-party gem: an external named after the Gemfile's gem when one matches (`require
 * 'active_support/core_ext'` → `activesupport`), else after the path's first element.
 */
import { posix } from 'node:path';
import type { ImportFact } from '../../parse/facts';
import type { ImportTarget } from '../family';
import type { Project } from '../project';
import type { DepTracker } from '../tracker';

const withRb = (p: string): string => (p.endsWith('.rb') ? p : `${p}.rb`);

export function requireTarget(project: Project, path: string, imp: ImportFact, tracker: DepTracker): ImportTarget[] {
  const spec = imp.module;
  if (spec.startsWith('./') || spec.startsWith('../')) {
    const target = posix.normalize(posix.join(posix.dirname(path), withRb(spec)));
    return project.exists(target, tracker) ? [{ t: 'file', path: target }] : [];
  }
  const file = withRb(spec);
  for (const candidate of [file, `lib/${file}`]) if (project.exists(candidate, tracker)) return [{ t: 'file', path: candidate }];
  const inLib = project
    .filesNamed(posix.basename(file), tracker)
    .filter((p) => p.endsWith(`/lib/${file}`) || p.startsWith(`lib/${file}`))
    .sort((a, b) => a.length - b.length || (a < b ? -1 : 1));
  if (inLib[0] !== undefined) return [{ t: 'file', path: inLib[0] }];
  if (spec.startsWith('/')) return [];
  return [{ t: 'external', name: gemOf(project, spec, tracker) }];
}

/** The gem a load path name belongs to: a Gemfile's gem whose name matches its first element(s), else that element. */
function gemOf(project: Project, spec: string, tracker: DepTracker): string {
  const first = spec.split('/')[0]!;
  const squash = (s: string): string => s.replace(/[-_]/g, '').toLowerCase();
  for (const config of project.configPaths()) {
    if (posix.basename(config) !== 'Gemfile') continue;
    for (const gem of gemfileGems(project.configText(config, tracker) ?? '')) {
      if (gem === first || squash(gem) === squash(first) || gem === spec.replace(/\//g, '-')) return gem;
    }
  }
  return first;
}

/** The gems a Gemfile lists (`gem 'rack', '~> 2.0'`); a Gemfile that does not read as that gives none. */
export function gemfileGems(text: string): string[] {
  const out: string[] = [];
  for (const m of text.matchAll(/^\s*gem\s*\(?\s*['"]([^'"]+)['"]/gm)) out.push(m[1]!);
  return out;
}
