/**
 * export command
 * ==============
 * Writes the graph (or a focused part) as JSON, Mermaid or DOT, a SCIP index (-o FILE), or
 * Neo4j import CSV with a LOAD CSV script (-o DIR). The work is core/export's; this checks the
 * arguments, waits for the index and opens the output.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { version } from '../../../package.json';
import { clearNeo4jFolder, drawGraph, EXPORT_FORMATS, EXPORT_LEVELS, fileSink, selectGraph, streamSink, writeJsonExport, writeNeo4j, writeScip } from '../../core/export';
import type { ExportFormat, ExportLevel } from '../../core/export';
import { EXIT, indexWithProgress, openWorkspace, UsageError } from './common';
import type { ExitCode } from './common';

export interface ExportCommandOptions {
  root?: string | undefined;
  format?: string | undefined;
  level?: string | undefined;
  focus?: string | undefined;
  output?: string | undefined;
  maxNodes?: string | undefined;
  force?: boolean;
}

function checkOutput(format: ExportFormat, output: string | undefined, force: boolean): void {
  if (format === 'neo4j') {
    if (output === undefined) throw new UsageError('export: --format neo4j writes a folder of CSV files; name it with -o DIR');
    if (existsSync(output)) {
      if (!statSync(output).isDirectory()) throw new UsageError(`export: ${output} is a file; -o names a folder for --format neo4j`);
      if (readdirSync(output).length > 0 && !force) throw new UsageError(`export: ${output} is not empty; pass --force to write into it (earlier export files there are replaced)`);
    }
    return;
  }
  if (format === 'scip' && output === undefined) throw new UsageError('export: --format scip writes a binary index; name the file with -o index.scip');
  if (output !== undefined && existsSync(output) && statSync(output).isDirectory()) throw new UsageError(`export: ${output} is a folder; -o names a file for --format ${format}`);
}

export async function exportCommand(options: ExportCommandOptions): Promise<ExitCode> {
  const format = (options.format ?? 'json') as ExportFormat;
  if (!EXPORT_FORMATS.includes(format)) throw new UsageError(`export: --format must be one of ${EXPORT_FORMATS.join(', ')}, got ${JSON.stringify(options.format)}`);
  const level = (options.level ?? 'module') as ExportLevel;
  if (!EXPORT_LEVELS.includes(level)) throw new UsageError(`export: --level must be one of ${EXPORT_LEVELS.join(', ')}, got ${JSON.stringify(options.level)}`);
  if ((format === 'scip' || format === 'neo4j') && (options.level !== undefined || options.focus !== undefined)) {
    throw new UsageError(`export: --format ${format} writes the whole graph; --level and --focus are for json, mermaid and dot`);
  }
  const maxNodes = options.maxNodes === undefined ? undefined : Number(options.maxNodes);
  if (maxNodes !== undefined && (!Number.isInteger(maxNodes) || maxNodes < 1)) throw new UsageError('export: --max-nodes must be a positive integer');
  checkOutput(format, options.output, options.force === true);

  const ws = await openWorkspace(options.root);
  try {
    // A graph still indexing (a watcher, a reindex) is waited for: the export is of a whole index.
    await indexWithProgress(ws);
    await ws.settled();
    await ws.docs.linkDeferredInSlices();
    const out = options.output;
    if (format === 'neo4j') {
      if (options.force) await clearNeo4jFolder(out!);
      const files = await writeNeo4j(ws.graph, out!);
      const nodes = files.nodes.reduce((n, f) => n + f.count, 0);
      const rels = files.relationships.reduce((n, f) => n + f.count, 0);
      process.stderr.write(`kg-memory: wrote ${nodes} nodes in ${files.nodes.length} files and ${rels} relationships in ${files.relationships.length} files, and load.cypher, to ${out}\n`);
      return EXIT.ok;
    }
    if (format === 'scip') {
      const sink = fileSink(out!);
      const r = await writeScip(ws.graph, { root: ws.root, read: (p) => ws.readSource(p), facts: (p) => ws.facts(p), toolVersion: version }, sink);
      await sink.close();
      process.stderr.write(`kg-memory: wrote ${r.documents} documents, ${r.definitions} definitions, ${r.references} references and ${r.imports} imports to ${out}${r.unplaced ? ` (${r.unplaced} occurrences left out: their name is not on their line)` : ''}\n`);
      return EXIT.ok;
    }
    const selection = selectGraph(ws.graph, level, options.focus);
    if (format === 'json') {
      const sink = out !== undefined ? fileSink(out) : streamSink(process.stdout, false);
      await writeJsonExport(ws.graph, selection, level, options.focus, sink);
      await sink.close();
      if (out !== undefined) process.stderr.write(`kg-memory: wrote ${selection.nodes.length} nodes and ${selection.edges.length} edges to ${out}\n`);
      return EXIT.ok;
    }
    const drawing = drawGraph(ws.graph, selection, level, format, maxNodes);
    if (drawing.cut > 0) process.stderr.write(`kg-memory: drew the ${drawing.nodes} best-connected nodes, ${drawing.cut} left out; narrow it with --focus or raise --max-nodes\n`);
    const sink = out !== undefined ? fileSink(out) : streamSink(process.stdout, false);
    await sink.write(`${drawing.text}\n`);
    await sink.close();
    if (out !== undefined) process.stderr.write(`kg-memory: wrote ${drawing.nodes} nodes and ${drawing.edges} edges to ${out}\n`);
    return EXIT.ok;
  } finally {
    await ws.close();
  }
}
