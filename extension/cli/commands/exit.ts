/**
 * Exit codes and the usage error
 * ==============================
 * Apart from commands/common.ts (which opens workspaces) so that the argument parser and the
 * light commands (`--help`, `config`) load without the engine.
 */
export const EXIT = { ok: 0, noAnswer: 1, usage: 2 } as const;
export type ExitCode = (typeof EXIT)[keyof typeof EXIT];

/** Bad arguments or configuration: exit 2 with the message (which says the fix). */
export class UsageError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'UsageError';
  }
}
