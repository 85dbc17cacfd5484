/**
 * Java call-edge oracle
 * =====================
 * Runs test/oracle/java/JavacCalls.java (javac's Compiler Tree API: JavacTask, TreePathScanner,
 * Trees) over a folder's Java files with the JDK's single-file launcher, and reads back its
 * OracleResult. Its conventions are written at the top of JavacCalls.java. `javacOptions` pass
 * through to javac (the JDK's own sources need `--patch-module java.base=<root>`).
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { OracleResult } from './types';

export const JAVA_EXTENSIONS = ['.java'] as const;
const PROGRAM = join(__dirname, 'java', 'JavacCalls.java');

export interface JavaOracleResult extends OracleResult {
  /** javac's error count: unresolved libraries (JUnit on a fixture) leave their calls out, nothing else. */
  errors: number;
}

export async function javaOracle(root: string, files: readonly string[], javacOptions: readonly string[] = []): Promise<JavaOracleResult> {
  const dir = mkdtempSync(join(tmpdir(), 'kg-javac-'));
  const list = join(dir, 'files.txt');
  writeFileSync(list, files.join('\n'));
  try {
    const args = ['-Xss16m', '--add-exports', 'jdk.compiler/com.sun.tools.javac.tree=ALL-UNNAMED', PROGRAM, root, list, ...javacOptions];
    const { code, stdout, stderr } = await run('java', args);
    if (code !== 0) throw new Error(`JavacCalls failed (exit ${code}): ${stderr.slice(-800)}`);
    return JSON.parse(stdout) as JavaOracleResult;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function run(command: string, args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    child.stdout.on('data', (b: Buffer) => out.push(b));
    child.stderr.on('data', (b: Buffer) => err.push(b));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout: Buffer.concat(out).toString('utf8'), stderr: Buffer.concat(err).toString('utf8') }));
  });
}
