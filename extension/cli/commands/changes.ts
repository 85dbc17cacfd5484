/**
 * changes command
 * ===============
 * What a git diff touches, as JSON (the MCP tool's answer) or as a Markdown review summary a
 * CI job can post on a pull request.
 */
import { changes, changesMarkdown, GitError } from '../../core/changes';
import { EXIT, indexWithProgress, openWorkspace, UsageError, writeJson } from './common';
import type { ExitCode } from './common';

export interface ChangesCommandOptions {
  root?: string | undefined;
  base?: string | undefined;
  head?: string | undefined;
  staged?: boolean;
  format?: string | undefined;
  depth?: string | undefined;
  limit?: string | undefined;
}

const FORMATS = ['json', 'markdown'] as const;

function positive(name: string, raw: string | undefined): number | undefined {
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1) throw new UsageError(`changes: --${name} must be a positive integer, not ${JSON.stringify(raw)}`);
  return n;
}

export async function changesCommand(options: ChangesCommandOptions): Promise<ExitCode> {
  const format = options.format ?? 'json';
  if (!(FORMATS as readonly string[]).includes(format)) throw new UsageError(`changes: --format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(format)}`);
  if (options.staged && options.head !== undefined) throw new UsageError('changes: --staged compares the index with the base; leave out --head');
  const depth = positive('depth', options.depth);
  const limit = positive('limit', options.limit);
  const ws = await openWorkspace(options.root);
  try {
    await indexWithProgress(ws);
    await ws.docs.linkDeferredInSlices();
    const result = await changes(ws.graph, ws.root, {
      ...(options.base !== undefined ? { base: options.base } : {}),
      ...(options.head !== undefined ? { head: options.head } : {}),
      ...(options.staged ? { staged: true } : {}),
      ...(depth !== undefined ? { depth } : {}),
      ...(limit !== undefined ? { limit } : {}),
    });
    if (format === 'markdown') process.stdout.write(changesMarkdown(result));
    else writeJson(result);
    return EXIT.ok;
  } catch (err) {
    if (err instanceof GitError || err instanceof RangeError) throw new UsageError(err.message);
    throw err;
  } finally {
    await ws.close();
  }
}
