/**
 * query command
 * =============
 * Runs one MCP tool from the command line through the very same code path the MCP server
 * uses (`Tool.call`: schema, freshness, query, error body). The answer goes to stdout as
 * JSON; a failure goes to stderr as the same JSON error body the MCP tool would return.
 */
import { ToolContext } from '../../mcp/context';
import { findTool, memoryEnabled, memoryFor } from '../../mcp/tools';
import { EXIT, openWorkspace, UsageError, writeJson } from './common';
import type { ExitCode } from './common';
import { parseQueryArgs, toolHelp } from './query_args';
import { toolList } from './tool_list';

export { toolList } from './tool_list';

export async function queryCommand(toolName: string | undefined, argv: readonly string[], fallbackRoot?: string): Promise<ExitCode> {
  if (toolName === undefined) throw new UsageError(`query: name a tool:\n${toolList()}`);
  const tool = findTool(toolName);
  if (!tool) throw new UsageError(`query: unknown tool ${JSON.stringify(toolName)}; the tools are:\n${toolList()}`);
  const { args, flags } = parseQueryArgs(tool, argv);
  if (flags.help) {
    process.stdout.write(`${toolHelp(tool)}\n`);
    return EXIT.ok;
  }
  // One answer, then exit: no background warm-up (documents are linked only if the tool reads them).
  const ws = await openWorkspace(flags.root ?? fallbackRoot, undefined, { warmUp: false });
  try {
    // refreshMs 0: the first call indexes (incrementally, from the snapshot) before answering.
    const ctx = new ToolContext(ws, { refreshMs: 0 });
    // Code answers count the agent notes, as over MCP (KG_MEMORY_MEMORY=off leaves them out).
    if (memoryEnabled(ctx)) void memoryFor(ctx);
    const outcome = await tool.call(ctx, args);
    if (outcome.ok) {
      writeJson(outcome.result, flags.pretty);
      return EXIT.ok;
    }
    process.stderr.write(`${JSON.stringify(outcome.error, null, flags.pretty ? 2 : undefined)}\n`);
    return outcome.error.error === 'invalid_argument' ? EXIT.usage : EXIT.noAnswer;
  } finally {
    await ws.close();
  }
}
