/**
 * index command
 * =============
 * Indexes a folder (incrementally unless --full) and prints a summary: files, nodes and edges
 * by kind, parse errors, skipped and failed files with reasons, time.
 */
import { ToolContext } from '../../mcp/context';
import { reindexAnswer, statusAnswer } from '../../mcp/tools/workspace';
import { EXIT, indexWithProgress, openWorkspace, writeJson } from './common';
import type { ExitCode } from './common';
import { formatStatus } from './stats';

export interface IndexCommandOptions {
  root?: string;
  full?: boolean;
  json?: boolean;
}

export async function indexCommand(options: IndexCommandOptions): Promise<ExitCode> {
  // Unchanged documents are not linked again just to print a summary (the snapshot keeps no links).
  const ws = await openWorkspace(options.root, undefined, { warmUp: false });
  try {
    const report = await indexWithProgress(ws, options.full);
    const status = statusAnswer(new ToolContext(ws));
    if (options.json) {
      writeJson({ report: reindexAnswer(report), status });
      return EXIT.ok;
    }
    const lines = [
      `Indexed ${ws.root}: ${report.files} files (${report.parsed} parsed, ${report.unchanged} unchanged, ${report.removed} removed) in ${report.durationMs} ms`,
      ...formatStatus(status).slice(1),
    ];
    if (report.failed.length > 0) {
      lines.push(`Failed ${report.failed.length}:`);
      for (const f of report.failed.slice(0, 20)) lines.push(`  ${f.path}: ${f.error.split('\n')[0]}`);
    }
    process.stdout.write(`${lines.join('\n')}\n`);
    return EXIT.ok;
  } finally {
    await ws.close();
  }
}
