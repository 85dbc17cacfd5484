/**
 * Option validation
 * =================
 * Checks a query's options before it runs, throwing InvalidArgumentError with the query's
 * name as prefix, and the shared `cut` that trims a list to `limit` with a `more` count.
 */
import { InvalidArgumentError } from './errors';

export type Direction = 'in' | 'out' | 'both';

/** A list cut at `limit`; `more` counts what was left out (absent when nothing was). */
export interface Page<T> {
  items: T[];
  more?: number;
}

export function cut<T>(list: T[], limit: number): Page<T> {
  if (list.length <= limit) return { items: list };
  return { items: list.slice(0, limit), more: list.length - limit };
}

export function checkObject(where: string, options: unknown): Record<string, unknown> {
  if (options === null || typeof options !== 'object' || Array.isArray(options)) {
    throw new InvalidArgumentError(`${where}: expecting an options object.`);
  }
  return options as Record<string, unknown>;
}

export function requireString(where: string, name: string, value: unknown): string {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new InvalidArgumentError(`${where}: "${name}" must be a non-empty string.`);
  }
  return value.trim();
}

export function optInt(where: string, name: string, value: unknown, dflt: number, min: number, max: number): number {
  if (value === undefined) return dflt;
  if (typeof value !== 'number' || !Number.isInteger(value) || value < min || value > max) {
    throw new InvalidArgumentError(`${where}: "${name}" must be an integer from ${min} to ${max}, got ${JSON.stringify(value)}.`);
  }
  return value;
}

export function optBool(where: string, name: string, value: unknown, dflt: boolean): boolean {
  if (value === undefined) return dflt;
  if (typeof value !== 'boolean') throw new InvalidArgumentError(`${where}: "${name}" must be true or false.`);
  return value;
}

export function optEnum<T extends string>(where: string, name: string, value: unknown, allowed: readonly T[], dflt: T): T {
  if (value === undefined) return dflt;
  if (typeof value !== 'string' || !(allowed as readonly string[]).includes(value)) {
    throw new InvalidArgumentError(`${where}: "${name}" must be one of ${allowed.join(', ')}, got ${JSON.stringify(value)}.`);
  }
  return value as T;
}

/** An optional list of kinds (a single kind is accepted too); undefined means "all". */
export function optKinds<T extends string>(where: string, name: string, value: unknown, allowed: readonly T[]): T[] | undefined {
  if (value === undefined) return undefined;
  const list = typeof value === 'string' ? [value] : value;
  if (!Array.isArray(list) || list.length === 0) {
    throw new InvalidArgumentError(`${where}: "${name}" must be a non-empty list of: ${allowed.join(', ')}.`);
  }
  for (const k of list) {
    if (typeof k !== 'string' || !(allowed as readonly string[]).includes(k)) {
      throw new InvalidArgumentError(`${where}: unknown ${name} ${JSON.stringify(k)}; expecting ${allowed.join(', ')}.`);
    }
  }
  return list as T[];
}
