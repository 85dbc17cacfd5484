/**
 * Query errors
 * ============
 * The typed errors every query throws, each with a stable `code` a surface can map
 * (MCP error payload, CLI exit status) and `toJSON()` for an answer an agent can act on.
 */
import type { Item } from './describe';

export type QueryErrorCode = 'not_found' | 'ambiguous' | 'invalid_argument';

export interface QueryErrorJSON {
  error: QueryErrorCode;
  message: string;
  candidates?: Item[];
  more?: number;
  suggestions?: Item[];
}

export abstract class QueryError extends Error {
  abstract readonly code: QueryErrorCode;

  toJSON(): QueryErrorJSON {
    return { error: this.code, message: this.message };
  }
}

/** Nothing matches; `suggestions` are near names from the name index ("did you mean"). */
export class NotFoundError extends QueryError {
  readonly code = 'not_found';
  constructor(
    message: string,
    readonly suggestions: Item[] = [],
  ) {
    super(message);
    this.name = 'NotFoundError';
  }

  override toJSON(): QueryErrorJSON {
    const out = super.toJSON();
    if (this.suggestions.length > 0) out.suggestions = this.suggestions;
    return out;
  }
}

/** Several nodes match; `candidates` are ranked, cut at a limit, `more` counts the rest. */
export class AmbiguousError extends QueryError {
  readonly code = 'ambiguous';
  constructor(
    message: string,
    readonly candidates: Item[],
    readonly more = 0,
  ) {
    super(message);
    this.name = 'AmbiguousError';
  }

  override toJSON(): QueryErrorJSON {
    const out = super.toJSON();
    out.candidates = this.candidates;
    if (this.more > 0) out.more = this.more;
    return out;
  }
}

export class InvalidArgumentError extends QueryError {
  readonly code = 'invalid_argument';
  constructor(message: string) {
    super(message);
    this.name = 'InvalidArgumentError';
  }
}
