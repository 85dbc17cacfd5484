/**
 * The tools' names and titles, for `kg-memory query --help`
 * ==========================================================
 * Written out here so that the list prints without loading the tools (and with them the engine):
 * that import alone cost `query --help` about 350 ms. test/unit/cli_tool_list.test.ts checks this
 * list against the tool table (mcp/tools), so it cannot drift from it.
 */
export const TOOL_TITLES: readonly (readonly [name: string, title: string])[] = [
  ['search', 'Search the code graph'],
  ['find_symbol', 'Look a symbol up'],
  ['source', 'Read a definition'],
  ['callers', 'Who calls this'],
  ['callees', 'What this calls'],
  ['relate', 'Neighbourhood of a node'],
  ['path', 'How two nodes connect'],
  ['dependencies', 'What a file or module depends on'],
  ['dependents', 'What imports a file or module'],
  ['impact', 'What a change may break'],
  ['tests_for', 'Tests that exercise this'],
  ['file_context', 'One file at a glance'],
  ['changes', 'What a change touches'],
  ['decisions_for', 'Decisions governing code'],
  ['decision', 'What a decision touches'],
  ['decisions', 'List decisions'],
  ['docs_search', 'Search the docs'],
  ['entity_lookup', 'Find an entity of the docs'],
  ['explain_entity', 'What the docs say about something'],
  ['ingest_docs', 'Add documents'],
  ['status', 'Index status'],
  ['reindex', 'Re-index the workspace'],
];

export function toolList(): string {
  return TOOL_TITLES.map(([name, title]) => `  ${name.padEnd(14)} ${title}`).join('\n');
}
