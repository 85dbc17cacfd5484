/**
 * Config files a resolver cannot use
 * ==================================
 * A go.mod without a module path, a Cargo.toml without a [package] or [workspace] table, a
 * composer.json that is not JSON: the resolver goes on without it (files are grouped by folder),
 * and `status` says which file and what that costs, so a wrong graph is not a silent one. The
 * checks are the resolvers' own readers, so the report cannot disagree with what they did.
 */
import { posix } from 'node:path';
import { modulePath } from './go/go_packages';
import { parseManifest } from './rust/cargo';

export interface ConfigProblem {
  path: string;
  message: string;
}

/** Why a config file's text is of no use to its resolver, or undefined when it is. */
export function configProblem(path: string, text: string): string | undefined {
  switch (posix.basename(path)) {
    case 'go.mod':
      return modulePath(text) === undefined ? 'declares no module path (no "module" line): Go imports of its folder resolve by folder' : undefined;
    case 'Cargo.toml':
      return parseManifest(path, text) === undefined ? 'has no [package] or [workspace] table: its crate hangs from its folder' : undefined;
    case 'composer.json':
      try {
        JSON.parse(text);
        return undefined;
      } catch (err) {
        return `is not valid JSON (${(err as Error).message}): PHP namespaces resolve without its autoload map`;
      }
    default:
      return undefined;
  }
}

/** The problems of a set of config files (path → text), sorted by path. */
export function configProblems(configs: ReadonlyMap<string, string>): ConfigProblem[] {
  const out: ConfigProblem[] = [];
  for (const [path, text] of configs) {
    const message = configProblem(path, text);
    if (message) out.push({ path, message });
  }
  return out.sort((a, b) => (a.path < b.path ? -1 : 1));
}
