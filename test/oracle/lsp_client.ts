/**
 * Minimal LSP client over stdio
 * =============================
 * Content-Length framing and JSON-RPC request/response matching, enough to drive a language
 * server from a test. Written here rather than depending on vscode-jsonrpc: a test harness should
 * not add a runtime dependency, and the part of the protocol we need is about sixty lines.
 */
import { spawn, type ChildProcess } from 'node:child_process';

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

interface Pending {
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
  method: string;
}

/** Answers the server's own requests (workspace/configuration, registerCapability...). */
export type ServerRequestHandler = (method: string, params: unknown) => Json;

export class LspClient {
  private readonly child: ChildProcess;
  private buffer = Buffer.alloc(0);
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private exited = false;
  readonly stderr: string[] = [];

  constructor(command: string, args: string[], cwd: string, private readonly onServerRequest: ServerRequestHandler) {
    this.child = spawn(command, args, { cwd, stdio: ['pipe', 'pipe', 'pipe'] });
    this.child.stdout?.on('data', (chunk: Buffer) => this.onData(chunk));
    this.child.stderr?.on('data', (chunk: Buffer) => this.stderr.push(chunk.toString()));
    // Writing to a server that died is reported through `exit`; an EPIPE here must not crash the test.
    this.child.stdin?.on('error', () => undefined);
    this.child.on('exit', (code, signal) => {
      this.exited = true;
      for (const p of this.pending.values()) p.reject(new Error(`language server exited (${code ?? signal}) during ${p.method}`));
      this.pending.clear();
    });
    this.child.on('error', (err) => {
      for (const p of this.pending.values()) p.reject(err);
      this.pending.clear();
    });
  }

  request<T>(method: string, params: Json): Promise<T> {
    if (this.exited) return Promise.reject(new Error(`language server is not running (${method})`));
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (v: unknown) => void, reject, method });
      this.send({ jsonrpc: '2.0', id, method, params });
    });
  }

  notify(method: string, params: Json): void {
    if (!this.exited) this.send({ jsonrpc: '2.0', method, params });
  }

  /** Kill the server whatever state it is in; safe to call twice. */
  kill(): void {
    if (!this.exited) this.child.kill('SIGKILL');
    this.exited = true;
  }

  private send(message: Json): void {
    const body = Buffer.from(JSON.stringify(message), 'utf8');
    this.child.stdin?.write(`Content-Length: ${body.length}\r\n\r\n`);
    this.child.stdin?.write(body);
  }

  // Frames are "headers \r\n\r\n body"; the body length is in bytes, so we buffer bytes, not strings.
  private onData(chunk: Buffer): void {
    this.buffer = Buffer.concat([this.buffer, chunk]);
    for (;;) {
      const headerEnd = this.buffer.indexOf('\r\n\r\n');
      if (headerEnd < 0) return;
      const match = /Content-Length:\s*(\d+)/i.exec(this.buffer.subarray(0, headerEnd).toString('ascii'));
      if (!match) throw new Error('LSP frame without Content-Length');
      const length = Number(match[1]);
      const start = headerEnd + 4;
      if (this.buffer.length < start + length) return;
      const body = this.buffer.subarray(start, start + length).toString('utf8');
      this.buffer = this.buffer.subarray(start + length);
      this.dispatch(JSON.parse(body) as RpcMessage);
    }
  }

  private dispatch(msg: RpcMessage): void {
    if (msg.method !== undefined && msg.id !== undefined) {
      // A request from the server: it waits for our answer, so always answer.
      let result: Json = null;
      try {
        result = this.onServerRequest(msg.method, msg.params);
      } catch {
        result = null;
      }
      this.send({ jsonrpc: '2.0', id: msg.id, result });
      return;
    }
    if (msg.method !== undefined) return; // notification (logs, diagnostics): not needed
    if (typeof msg.id !== 'number') return;
    const p = this.pending.get(msg.id);
    if (!p) return;
    this.pending.delete(msg.id);
    if (msg.error) p.reject(new Error(`${p.method}: ${msg.error.message}`));
    else p.resolve(msg.result);
  }
}

interface RpcMessage {
  id?: number | string;
  method?: string;
  params?: unknown;
  result?: unknown;
  error?: { code: number; message: string };
}
