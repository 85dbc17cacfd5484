/**
 * Go call-edge oracle
 * ===================
 * "Who calls what" in a Go tree as Go's own type checker says it: runs test/oracle/go/callgraph.go
 * (go/parser + go/types, the standard library only; its header says the conventions) with the
 * `go` of the machine (Debian's golang-go) and reads its JSON. GOPATH mode and the build cache
 * in the temp folder: nothing is downloaded, nothing outside the temp folder is written.
 */
import { execFile } from 'node:child_process';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { DeclRef, OracleResult } from './types';

const run = promisify(execFile);
const PROGRAM = join(__dirname, 'go', 'callgraph.go');

/** Whether a `go` command is installed (the suite skips the Go oracle without one, saying why). */
export async function goAvailable(): Promise<boolean> {
  try {
    await run('go', ['version'], { timeout: 20_000 });
    return true;
  } catch {
    return false;
  }
}

/** The call edges, plus the (struct, interface) pairs go/types says implement (T or *T), by name lines. */
export interface GoOracleResult extends OracleResult {
  implements: { type: DeclRef; iface: DeclRef }[];
}

export async function goOracle(root: string): Promise<GoOracleResult> {
  const env = { ...process.env, GO111MODULE: 'off', GOFLAGS: '', GOTOOLCHAIN: 'local', GOCACHE: process.env.GOCACHE ?? join(tmpdir(), 'kg-go-oracle-cache') };
  const { stdout } = await run('go', ['run', PROGRAM, root], { env, maxBuffer: 256 * 1024 * 1024, timeout: 300_000 });
  return JSON.parse(stdout) as GoOracleResult;
}
