/**
 * Export
 * ======
 * The graph for the tools a team already runs: JSON (module, symbol or every layer), Mermaid
 * and DOT drawings, a SCIP index, and Neo4j import CSV with a LOAD CSV script. Everything but
 * the drawings streams out to a sink.
 */
export { drawGraph } from './drawing';
export type { Drawing, DrawingFormat } from './drawing';
export { writeJsonExport } from './json';
export { clearNeo4jFolder, writeNeo4j } from './neo4j';
export type { Neo4jFiles } from './neo4j';
export { writeScip } from './scip';
export type { ScipReport, ScipSource } from './scip';
export { EXPORT_LEVELS, selectGraph } from './select';
export type { ExportLevel, Selection } from './select';
export { fileSink, streamSink } from './sink';
export type { Sink } from './sink';

export const EXPORT_FORMATS = ['json', 'mermaid', 'dot', 'scip', 'neo4j'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
