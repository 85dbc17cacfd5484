// `kg-memory query --help` prints the tools from a list written out in the CLI (so that it loads
// no engine): it must name every tool of the table, in its order, with its title.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TOOLS } from '../../extension/mcp/tools';
import { TOOL_TITLES } from '../../extension/cli/commands/tool_list';

test('the CLI tool list is the tool table: names, order and titles', () => {
  assert.deepEqual(TOOL_TITLES.map(([name, title]) => [name, title]), TOOLS.map((t) => [t.name, t.title]));
});
