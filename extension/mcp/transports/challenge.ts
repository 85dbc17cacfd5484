/**
 * Endpoint challenge
 * ==================
 * Before a client sends the bearer token to an endpoint named by a discovery file, the endpoint
 * proves it holds the token without the client sending it: the client sends a fresh nonce, the
 * endpoint answers HMAC-SHA256(token, nonce and the endpoint's own address). A stranger on the
 * port cannot answer; a stranger relaying the nonce to the real server gets a proof bound to the
 * real server's address, not to its own, and is refused too.
 */
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { resolve } from 'node:path';

/** GET /health with this header and no Authorization: the answer is `{ name, proof }`. */
export const NONCE_HEADER = 'x-kg-memory-nonce';
const NONCE_SHAPE = /^[0-9a-f]{32,128}$/;
const DOMAIN = 'kg-memory endpoint proof v1';

export interface EndpointAddress {
  /** TCP port on loopback. */
  port?: number;
  /** Unix socket path. */
  socket?: string;
}

export function newNonce(): string {
  return randomBytes(32).toString('hex');
}

export function isNonce(value: unknown): value is string {
  return typeof value === 'string' && NONCE_SHAPE.test(value);
}

function addressName(address: EndpointAddress): string {
  return address.socket !== undefined ? `unix:${resolve(address.socket)}` : `tcp:${address.port ?? 0}`;
}

export function endpointProof(token: string, nonce: string, address: EndpointAddress): string {
  return createHmac('sha256', token).update(`${DOMAIN}\n${addressName(address)}\n${nonce}`).digest('hex');
}

export function proofMatches(token: string, nonce: string, address: EndpointAddress, proof: unknown): boolean {
  if (typeof proof !== 'string') return false;
  const want = Buffer.from(endpointProof(token, nonce, address));
  const given = Buffer.from(proof);
  return given.length === want.length && timingSafeEqual(given, want);
}
