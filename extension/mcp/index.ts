/**
 * MCP package
 * ===========
 * What hosts (the CLI, the VS Code extension) use of the MCP server, exported by name.
 */
export { ToolContext } from './context';
export type { Logger, ToolContextOptions } from './context';
export { createMcpServer, SERVER_NAME, toResult } from './server';
export type { McpServerOptions } from './server';
export { describeIssues, errorBody } from './tool';
export type { CallOutcome, ErrorBody, Tool } from './tool';
export { configureMemory, findTool, memoryEnabled, memoryFor, MEMORY_RESOURCE_URI, MEMORY_TOOL_NAMES, TOOLS } from './tools';
export type { MemoryToolsetOptions } from './tools';
export { reindexAnswer, statusAnswer } from './tools/workspace';
export { allowedHosts, checkRequest, isLoopbackOrigin } from './transports/guard';
export { DEFAULT_BODY_LIMIT, MCP_PATH, serveHttp } from './transports/http';
export type { HttpEndpoint, HttpServeOptions } from './transports/http';
export { serveStdio } from './transports/stdio';
export type { StdioOptions } from './transports/stdio';
export { bearerMatches, TOKEN_FILE, workspaceToken } from './transports/token';
