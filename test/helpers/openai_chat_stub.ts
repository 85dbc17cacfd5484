/**
 * A loopback server speaking the OpenAI chat protocol
 * ===================================================
 * POST /v1/chat/completions answered by a script: recorded answers, malformed JSON, partial
 * items, 429 with Retry-After, 5xx, answers that never come (timeouts). It counts TCP
 * connections (the off-switch test asserts zero), keeps every request body, and measures how
 * many requests were in flight at once (the concurrency limit).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';

export interface StubReply {
  status?: number;
  headers?: Record<string, string>;
  /** The assistant's message content (wrapped in a chat.completion body). */
  content?: string;
  /** A raw body instead (malformed responses). */
  raw?: string;
  /** Wait this long before answering. */
  delayMs?: number;
  /** Never answer (the client's timeout must fire). */
  hang?: boolean;
}

export interface StubRequest {
  body: {
    model?: string;
    messages?: { role: string; content: string }[];
    response_format?: { type: string; json_schema?: { name: string; schema: unknown } };
    max_tokens?: number;
  };
  authorization?: string;
  path: string;
}

export type StubScript = (request: StubRequest, index: number) => StubReply | Promise<StubReply>;

export interface OpenAiChatStub {
  url: string;
  requests: StubRequest[];
  connections: number;
  maxInFlight: number;
  setScript(script: StubScript): void;
  close(): Promise<void>;
}

/** A chat.completion body around one message. */
export function completion(content: string, model = 'stub-model'): string {
  return JSON.stringify({
    id: 'chatcmpl-stub',
    object: 'chat.completion',
    model,
    choices: [{ index: 0, message: { role: 'assistant', content }, finish_reason: 'stop' }],
    usage: { prompt_tokens: 10, completion_tokens: 5, total_tokens: 15 },
  });
}

export async function startOpenAiChatStub(script: StubScript = () => ({ content: '{}' })): Promise<OpenAiChatStub> {
  let current = script;
  const requests: StubRequest[] = [];
  const sockets = new Set<Socket>();
  const hung = new Set<ServerResponse>();
  let inFlight = 0;
  const state = { connections: 0, maxInFlight: 0 };
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let data = '';
    req.on('data', (c: Buffer) => (data += c.toString()));
    req.on('end', () => {
      void (async () => {
        inFlight++;
        state.maxInFlight = Math.max(state.maxInFlight, inFlight);
        let body: StubRequest['body'] = {};
        try {
          body = JSON.parse(data) as StubRequest['body'];
        } catch {
          // the client sent something that is not JSON: answered below as a 400
        }
        const request: StubRequest = { body, path: req.url ?? '', ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) };
        const index = requests.length;
        requests.push(request);
        try {
          if (req.url !== '/v1/chat/completions') {
            res.writeHead(404, { 'content-type': 'application/json' }).end(JSON.stringify({ error: { message: `no route ${req.url}` } }));
            return;
          }
          const reply = await current(request, index);
          if (reply.hang) {
            hung.add(res);
            return;
          }
          if (reply.delayMs) await new Promise((r) => setTimeout(r, reply.delayMs));
          res.writeHead(reply.status ?? 200, { 'content-type': 'application/json', ...(reply.headers ?? {}) });
          res.end(reply.raw ?? (reply.content !== undefined ? completion(reply.content) : JSON.stringify({ error: { message: 'stub error' } })));
        } finally {
          inFlight--;
        }
      })();
    });
  });
  server.on('connection', (s: Socket) => {
    state.connections++;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    get connections() {
      return state.connections;
    },
    get maxInFlight() {
      return state.maxInFlight;
    },
    setScript(s) {
      current = s;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const r of hung) r.destroy();
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
