/**
 * Request guard
 * =============
 * The checks an HTTP request passes before the MCP transport sees it, as pure functions:
 * the Host header must name this loopback listener (DNS-rebinding protection: a hostile page
 * can point its own domain at 127.0.0.1 but cannot make the browser send Host: 127.0.0.1),
 * an Origin, when present, must be loopback, and the bearer token must match.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { bearerMatches } from './token';

export interface GuardOptions {
  /** TCP port, or undefined on a Unix socket (then only Host "localhost" is accepted). */
  port?: number;
  token: string;
}

export type GuardVerdict = { ok: true } | { ok: false; status: 401 | 403; message: string };

const LOOPBACK_NAMES = ['127.0.0.1', 'localhost', '[::1]'];

export function allowedHosts(port: number | undefined): string[] {
  return port === undefined ? ['localhost'] : LOOPBACK_NAMES.map((h) => `${h}:${port}`);
}

/** http(s)://<loopback name>[:port], any port: a local tool's web UI is fine, a remote page is not. */
export function isLoopbackOrigin(origin: string): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return false;
  return LOOPBACK_NAMES.includes(url.hostname) || url.hostname === '::1';
}

export function checkRequest(headers: IncomingHttpHeaders, options: GuardOptions): GuardVerdict {
  const place = checkHostAndOrigin(headers, options.port);
  if (!place.ok) return place;
  if (!bearerMatches(headers.authorization, options.token)) {
    return { ok: false, status: 401, message: 'missing or wrong bearer token; send "Authorization: Bearer <token>" with the token from .kg-memory/token in the workspace' };
  }
  return { ok: true };
}

/** The Host and Origin checks alone (the endpoint challenge passes them without a token). */
export function checkHostAndOrigin(headers: IncomingHttpHeaders, port: number | undefined): GuardVerdict {
  const options = { port };
  const host = headers.host?.toLowerCase();
  if (host === undefined || !allowedHosts(options.port).includes(host)) {
    return { ok: false, status: 403, message: `Host ${JSON.stringify(headers.host ?? '')} is not allowed; connect to ${allowedHosts(options.port).join(' or ')}` };
  }
  const origin = headers.origin;
  if (origin !== undefined && !isLoopbackOrigin(origin)) {
    return { ok: false, status: 403, message: `Origin ${JSON.stringify(origin)} is not allowed; only loopback origins may call this server` };
  }
  return { ok: true };
}
