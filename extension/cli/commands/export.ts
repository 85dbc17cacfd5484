/**
 * export command
 * ==============
 * Writes the graph (or a focused part) as JSON, Mermaid or DOT to stdout or a file.
 */
import { writeFileSync } from 'node:fs';
import { EXIT, indexWithProgress, openWorkspace, UsageError } from './common';
import type { ExitCode } from './common';
import { exportGraph } from './export_graph';
import type { ExportFormat, ExportLevel } from './export_graph';

export interface ExportCommandOptions {
  root?: string;
  format?: string;
  level?: string;
  focus?: string;
  output?: string;
  maxNodes?: string;
}

const FORMATS: readonly ExportFormat[] = ['json', 'mermaid', 'dot'];
const LEVELS: readonly ExportLevel[] = ['module', 'symbol'];

export async function exportCommand(options: ExportCommandOptions): Promise<ExitCode> {
  const format = (options.format ?? 'json') as ExportFormat;
  if (!FORMATS.includes(format)) throw new UsageError(`export: --format must be one of ${FORMATS.join(', ')}, got ${JSON.stringify(options.format)}`);
  const level = (options.level ?? 'module') as ExportLevel;
  if (!LEVELS.includes(level)) throw new UsageError(`export: --level must be one of ${LEVELS.join(', ')}, got ${JSON.stringify(options.level)}`);
  const maxNodes = options.maxNodes === undefined ? undefined : Number(options.maxNodes);
  if (maxNodes !== undefined && (!Number.isInteger(maxNodes) || maxNodes < 1)) throw new UsageError('export: --max-nodes must be a positive integer');
  const ws = await openWorkspace(options.root);
  try {
    await indexWithProgress(ws);
    const result = exportGraph(ws.graph, { format, level, ...(options.focus ? { focus: options.focus } : {}), ...(maxNodes ? { maxNodes } : {}) });
    if (result.cut > 0) process.stderr.write(`kg-memory: drew the ${result.nodes} best-connected nodes, ${result.cut} left out; narrow it with --focus or raise --max-nodes\n`);
    if (options.output) {
      writeFileSync(options.output, `${result.text}\n`);
      process.stderr.write(`kg-memory: wrote ${result.nodes} nodes and ${result.edges} edges to ${options.output}\n`);
    } else process.stdout.write(`${result.text}\n`);
    return EXIT.ok;
  } finally {
    await ws.close();
  }
}
