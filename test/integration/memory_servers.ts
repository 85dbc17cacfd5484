/**
 * Memory servers under test
 * =========================
 * Starts the official `@modelcontextprotocol/server-memory` (from node_modules) or ours
 * (`kg-memory mcp`) on stdio over a given memory file, so every memory test can run the same
 * checks against both.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CLI, REPO } from './helpers';

export type Flavour = 'official' | 'ours';
export const FLAVOURS: readonly Flavour[] = ['official', 'ours'];
export const OFFICIAL = join(REPO, 'node_modules', '@modelcontextprotocol', 'server-memory', 'dist', 'index.js');

export type CallResult = Awaited<ReturnType<Client['callTool']>>;

export interface MemoryServer {
  client: Client;
  transport: StdioClientTransport;
  pid: number | null;
  stderr(): string;
  call(name: string, args: Record<string, unknown>): Promise<CallResult>;
  close(): Promise<void>;
}

/** A scratch folder (our server's --root, and the memory file's home). */
export function scratch(): { dir: string; file: string; dispose(): void } {
  const dir = mkdtempSync(join(tmpdir(), 'kg-memory-mem-'));
  return { dir, file: join(dir, 'memory.jsonl'), dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

export function commandFor(flavour: Flavour, root: string, extra: string[] = []): { command: string; args: string[] } {
  return flavour === 'official' ? { command: process.execPath, args: [OFFICIAL] } : { command: process.execPath, args: [CLI, 'mcp', '--root', root, ...extra] };
}

export async function startServer(flavour: Flavour, root: string, file: string, env: Record<string, string> = {}, extra: string[] = []): Promise<MemoryServer> {
  const { command, args } = commandFor(flavour, root, extra);
  const transport = new StdioClientTransport({
    command,
    args,
    // KG_MEMORY_ATTACH=0: never relay to an editor's endpoint that may be running on this machine.
    env: { ...(process.env as Record<string, string>), MEMORY_FILE_PATH: file, KG_MEMORY_ATTACH: '0', KG_MEMORY_LOG: 'warn', ...env },
    stderr: 'pipe',
  });
  let err = '';
  transport.stderr?.on('data', (d: Buffer) => {
    err += d.toString();
  });
  const client = new Client({ name: 'kg-memory-memory-test', version: '1.0.0' });
  await client.connect(transport);
  return {
    client,
    transport,
    pid: transport.pid,
    stderr: () => err,
    call: (name, a) => client.callTool({ name, arguments: a }),
    close: () => client.close(),
  };
}

export interface EntityLike {
  name: string;
  entityType: string;
  observations: string[];
}

export function entities(r: CallResult): EntityLike[] {
  return ((r.structuredContent as { entities?: EntityLike[] } | undefined)?.entities ?? []).map((e) => ({ name: e.name, entityType: e.entityType, observations: e.observations }));
}

export function names(r: CallResult): string[] {
  return entities(r).map((e) => e.name).sort();
}

export function textOf(r: CallResult): string {
  return (r.content as { type: string; text: string }[])[0]?.text ?? '';
}

/** The relations of an answer, official fields only (ours may add createdAt). */
export function relations(r: CallResult): { from: string; to: string; relationType: string }[] {
  return ((r.structuredContent as { relations?: { from: string; to: string; relationType: string }[] } | undefined)?.relations ?? []).map((x) => ({ from: x.from, to: x.to, relationType: x.relationType }));
}
