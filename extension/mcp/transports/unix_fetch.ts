/**
 * fetch over a Unix socket
 * ========================
 * A `fetch` for the SDK's Streamable HTTP client when the server listens on a Unix socket.
 * Node's built-in fetch cannot take a socket path (undici's Agent can, but undici is not a
 * dependency), so this speaks through http.request({ socketPath }) and hands back a standard
 * Response. The Host header is the URL's host (`localhost`), which is what the guard expects
 * on a socket.
 */
import { request } from 'node:http';
import { Readable } from 'node:stream';

export type FetchLike = (url: string | URL, init?: RequestInit) => Promise<Response>;

export function unixSocketFetch(socketPath: string): FetchLike {
  return (url, init = {}) =>
    new Promise<Response>((resolve, reject) => {
      const target = new URL(url);
      const headers: Record<string, string> = {};
      new Headers(init.headers).forEach((value, key) => {
        headers[key] = value;
      });
      headers.host = target.host;
      const req = request({ socketPath, method: init.method ?? 'GET', path: `${target.pathname}${target.search}`, headers }, (res) => {
        const out = new Headers();
        for (const [key, value] of Object.entries(res.headers)) {
          if (value !== undefined) out.set(key, Array.isArray(value) ? value.join(', ') : value);
        }
        const status = res.statusCode ?? 500;
        // A Response with a null-body status must not be given a body.
        const body = status === 204 || status === 304 ? null : (Readable.toWeb(res) as ReadableStream<Uint8Array>);
        if (body === null) res.resume();
        resolve(new Response(body, { status, headers: out }));
      });
      req.on('error', reject);
      init.signal?.addEventListener('abort', () => req.destroy(new Error('aborted')));
      if (typeof init.body === 'string') req.write(init.body);
      req.end();
    });
}
