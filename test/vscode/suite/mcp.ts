/**
 * An agent's view of the extension's MCP endpoint
 * ===============================================
 * Reads `.kg-memory/endpoint.json` the way an agent (or `kg-memory mcp`) would, reads the bearer
 * token from the file it names, and connects the SDK's Streamable HTTP client.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';

export interface Endpoint {
  url: string;
  token: string;
  pid: number;
  socket?: string;
}

/** The discovery file of a folder, or undefined while it is not written yet. */
export function readEndpoint(folder: string): Endpoint | undefined {
  let raw: string;
  try {
    raw = readFileSync(join(folder, '.kg-memory', 'endpoint.json'), 'utf8');
  } catch {
    return undefined;
  }
  const d = JSON.parse(raw) as { url?: unknown; tokenFile?: unknown; pid?: unknown; socket?: unknown };
  assert.equal(typeof d.url, 'string', 'endpoint.json has a url');
  assert.equal(typeof d.pid, 'number', 'endpoint.json has the pid of the server');
  const tokenFile = typeof d.tokenFile === 'string' ? d.tokenFile : join(folder, '.kg-memory', 'token');
  const token = readFileSync(tokenFile, 'utf8').trim();
  return { url: d.url as string, token, pid: d.pid as number, ...(typeof d.socket === 'string' ? { socket: d.socket } : {}) };
}

/** Connects an MCP client to the endpoint with its token; the caller closes it. */
export async function connect(endpoint: Endpoint): Promise<Client> {
  const client = new Client({ name: 'kg-memory-vscode-test', version: '1' });
  const transport = new StreamableHTTPClientTransport(new URL(endpoint.url), {
    requestInit: { headers: { Authorization: `Bearer ${endpoint.token}` } },
  });
  await client.connect(transport);
  return client;
}
