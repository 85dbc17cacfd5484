/**
 * Paths under folders
 * ===================
 * An update may name a folder that was moved or deleted: it stands for the known files that were
 * under it. Shared by the decision and docs indexes.
 */

/** The `known` root-relative paths lying under any of `paths` taken as folders. */
export function pathsUnder(paths: readonly string[], known: Iterable<string>): string[] {
  const prefixes = paths.map((p) => `${p.replace(/\/+$/, '')}/`);
  const out: string[] = [];
  for (const k of known) if (prefixes.some((prefix) => k.startsWith(prefix))) out.push(k);
  return out;
}
