/**
 * stdio lines transport
 * =====================
 * MCP over stdin/stdout, one JSON-RPC message a line, like the SDK's StdioServerTransport but
 * steady under bad input. The SDK's closes itself when one message passes its 10 MiB buffer,
 * with no log line and no answer; stdin then idles and the process exits with code 0 as if the
 * client had left. Here a line over the limit is dropped as it streams in (never buffered
 * whole), the client gets a JSON-RPC error for it (with the request's id when the line's tail
 * names one: the SDK client writes `id` last), the error is logged, and serving goes on. Lines
 * that are not JSON or not JSON-RPC get an error answer too; nothing closes the transport but
 * the end of stdin.
 */
import process from 'node:process';
import type { Readable, Writable } from 'node:stream';
import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { JSONRPCMessageSchema } from '@modelcontextprotocol/sdk/types.js';
import type { JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { INVALID_REQUEST, PARSE_ERROR, precheck, rpcErrorAnswer } from './rpc_checks';
import type { RpcErrorAnswer } from './rpc_checks';

/** The SDK's own limit: a message this large is a mistake, not a request. */
export const STDIO_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** What is kept of a dropped line's end, to find its id. */
const TAIL_BYTES = 512;

/** The id at the end of a JSON-RPC request's text (`..."id":7}`), if it is there. */
function idAtEnd(tail: string): string | number | undefined {
  const m = /"id"\s*:\s*(-?\d+|"(?:[^"\\]|\\.)*")\s*\}\s*$/.exec(tail);
  if (!m?.[1]) return undefined;
  return m[1].startsWith('"') ? (JSON.parse(m[1]) as string) : Number(m[1]);
}

export class StdioLinesTransport implements Transport {
  onclose?: () => void;
  onerror?: (error: Error) => void;
  onmessage?: (message: JSONRPCMessage) => void;
  private chunks: Buffer[] = [];
  private size = 0;
  /** Bytes of the line being dropped, while one is. */
  private dropping: number | undefined;
  private tail = '';
  private closed = false;

  constructor(
    private readonly input: Readable = process.stdin,
    private readonly output: Writable = process.stdout,
    private readonly maxMessageBytes = STDIO_MAX_MESSAGE_BYTES,
  ) {}

  async start(): Promise<void> {
    this.input.on('data', this.onData);
    this.input.on('error', this.onInputError);
    this.input.once('end', this.onEnd);
  }

  private readonly onInputError = (err: Error): void => this.onerror?.(err);
  private readonly onEnd = (): void => void this.close();

  private readonly onData = (chunk: Buffer): void => {
    let start = 0;
    for (let nl = chunk.indexOf(10, start); nl !== -1; nl = chunk.indexOf(10, start)) {
      this.append(chunk.subarray(start, nl));
      this.endLine();
      start = nl + 1;
    }
    if (start < chunk.length) this.append(chunk.subarray(start));
  };

  private append(part: Buffer): void {
    if (part.length === 0) return;
    if (this.dropping === undefined && this.size + part.length > this.maxMessageBytes) {
      this.dropping = this.size;
      this.tail = Buffer.concat(this.chunks).subarray(-TAIL_BYTES).toString('utf8');
      this.chunks = [];
      this.size = 0;
    }
    if (this.dropping !== undefined) {
      this.dropping += part.length;
      this.tail = (this.tail + part.subarray(-TAIL_BYTES).toString('utf8')).slice(-TAIL_BYTES);
      return;
    }
    this.chunks.push(part);
    this.size += part.length;
  }

  private endLine(): void {
    if (this.dropping !== undefined) {
      const bytes = this.dropping;
      const id = idAtEnd(this.tail);
      this.dropping = undefined;
      this.tail = '';
      const message = `Message of ${bytes} bytes dropped: stdio messages are limited to ${this.maxMessageBytes} bytes.`;
      this.onerror?.(new Error(`stdio: ${message}${id !== undefined ? ` (request id ${id})` : ''}`));
      this.answer(rpcErrorAnswer(id, INVALID_REQUEST, message));
      return;
    }
    const line = Buffer.concat(this.chunks).toString('utf8').replace(/\r$/, '');
    this.chunks = [];
    this.size = 0;
    if (line.trim() === '') return;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line);
    } catch (err) {
      this.onerror?.(new Error(`stdio: a line that is not JSON: ${(err as Error).message}`));
      this.answer(rpcErrorAnswer(null, PARSE_ERROR, `Parse error: ${(err as Error).message}`));
      return;
    }
    const refused = precheck(parsed);
    if (refused) {
      this.answer(refused);
      return;
    }
    const message = JSONRPCMessageSchema.safeParse(parsed);
    if (!message.success) {
      const m = parsed as { id?: unknown; method?: unknown } | null;
      this.onerror?.(new Error('stdio: a line that is not a JSON-RPC 2.0 message'));
      // A malformed response is not answered (answers to answers could ping-pong); the rest is told.
      if (typeof m === 'object' && m !== null && !Array.isArray(m) && !('method' in m)) return;
      const id = m?.id;
      this.answer(rpcErrorAnswer(id, INVALID_REQUEST, 'Invalid Request: not a JSON-RPC 2.0 message (one object with "jsonrpc": "2.0" and a "method", or a response).'));
      return;
    }
    try {
      this.onmessage?.(message.data);
    } catch (err) {
      this.onerror?.(err as Error);
    }
  }

  private answer(error: RpcErrorAnswer | RpcErrorAnswer[]): void {
    void this.write(error).catch((err: unknown) => this.onerror?.(err as Error));
  }

  send(message: JSONRPCMessage): Promise<void> {
    return this.write(message);
  }

  private write(message: unknown): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.closed) {
        resolve();
        return;
      }
      const ok = this.output.write(`${JSON.stringify(message)}\n`, (err) => (err ? reject(err) : undefined));
      if (ok) resolve();
      else this.output.once('drain', resolve);
    });
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.input.off('data', this.onData);
    this.input.off('error', this.onInputError);
    this.input.off('end', this.onEnd);
    if (this.input.listenerCount('data') === 0) this.input.pause();
    this.chunks = [];
    this.onclose?.();
  }
}
