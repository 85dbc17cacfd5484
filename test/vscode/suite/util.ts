/**
 * Helpers for the in-host tests
 * =============================
 * Everything goes through VS Code's public API: the extension's exported API, the `vscode.execute…`
 * provider commands, and the workbench's own commands for the quick input.
 */
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { KgMemoryApi } from '../../../extension/vscode/main';

export const EXTENSION_ID = 'kg-memory.kg-memory';

/** The single workspace folder the harness opened (a temp copy of the fixture). */
export function root(): vscode.Uri {
  const folder = vscode.workspace.workspaceFolders?.[0];
  assert.ok(folder, 'the harness opens a folder');
  return folder.uri;
}

export function file(rel: string): vscode.Uri {
  return vscode.Uri.joinPath(root(), rel);
}

export async function api(): Promise<KgMemoryApi> {
  const ext = vscode.extensions.getExtension<KgMemoryApi>(EXTENSION_ID);
  assert.ok(ext, `extension ${EXTENSION_ID} is installed in the host`);
  return ext.activate();
}

export const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/** Polls `probe` until it returns a value other than undefined; fails with `what` and the last seen value. */
export async function waitFor<T>(what: string, probe: () => Promise<T | undefined> | T | undefined, timeoutMs = 10_000, last?: () => unknown): Promise<T> {
  const end = Date.now() + timeoutMs;
  let error: unknown;
  for (;;) {
    try {
      const v = await probe();
      if (v !== undefined) return v;
    } catch (err) {
      error = err;
    }
    if (Date.now() > end) {
      const seen = last ? ` (last seen: ${JSON.stringify(last())})` : error ? ` (${(error as Error).message})` : '';
      throw new Error(`waited ${timeoutMs} ms for ${what}${seen}`);
    }
    await sleep(100);
  }
}

/** The position of `word` inside the first occurrence of `context` in the document (0-based). */
export async function positionOf(uri: vscode.Uri, context: string, word = context): Promise<vscode.Position> {
  const doc = await vscode.workspace.openTextDocument(uri);
  const text = doc.getText();
  const at = text.indexOf(context);
  assert.ok(at >= 0, `${JSON.stringify(context)} is in ${uri.path}`);
  const inner = context.indexOf(word);
  assert.ok(inner >= 0, `${JSON.stringify(word)} is in ${JSON.stringify(context)}`);
  return doc.positionAt(at + inner);
}

export interface Lens {
  line: number;
  title: string;
}

/** KG Memory's resolved CodeLens titles in a file (other providers' lenses are left out). */
export async function lenses(uri: vscode.Uri): Promise<Lens[]> {
  const all = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 200)) ?? [];
  return all
    .filter((l) => l.command && /\b(callers?|tests?|ADR-)\b/.test(l.command.title))
    .map((l) => ({ line: l.range.start.line, title: l.command?.title ?? '' }));
}

/** The titles of the lenses on the line of `context` (0-based line from the document text). */
export async function lensesAt(uri: vscode.Uri, context: string): Promise<string[]> {
  const line = (await positionOf(uri, context)).line;
  return (await lenses(uri)).filter((l) => l.line === line).map((l) => l.title);
}

/** Waits until the lenses on `context`'s line include one matching `title`. */
export async function waitForLens(uri: vscode.Uri, context: string, title: RegExp, timeoutMs = 10_000): Promise<string[]> {
  let seen: string[] = [];
  return waitFor(
    `a lens ${title} above ${JSON.stringify(context)} in ${uri.path.split('/').slice(-2).join('/')}`,
    async () => {
      seen = await lensesAt(uri, context);
      return seen.some((t) => title.test(t)) ? seen : undefined;
    },
    timeoutMs,
    () => seen,
  );
}

/** The text of every hover at a position, joined (markdown source). */
export async function hoverText(uri: vscode.Uri, pos: vscode.Position): Promise<string> {
  const hovers = (await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, pos)) ?? [];
  return hovers
    .flatMap((h) => h.contents)
    .map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))
    .join('\n');
}

/** Opens a file in an editor with the cursor on `word` inside `context`. */
export async function showAt(rel: string, context: string, word = context): Promise<vscode.TextEditor> {
  const uri = file(rel);
  const pos = await positionOf(uri, context, word);
  const editor = await vscode.window.showTextDocument(uri, { preview: false });
  editor.selection = new vscode.Selection(pos, pos);
  return editor;
}

/** Where the active editor is: root-relative path and 1-based line. */
export function activeLocation(): { path: string; line: number } | undefined {
  const editor = vscode.window.activeTextEditor;
  if (!editor) return undefined;
  const rel = vscode.workspace.asRelativePath(editor.document.uri, false);
  return { path: rel, line: editor.selection.active.line + 1 };
}

/**
 * Runs a command that may open a quick pick (and wait for it): gives the pick time to open, then
 * accepts the first item (`accept`) or closes it, and returns the command's settled outcome.
 */
export function runPicking(command: string, accept: boolean, ...args: unknown[]): Promise<{ error?: string }> {
  return runPickingItem(command, accept ? 0 : undefined, args);
}

/** runPicking that accepts the item at `index` (0 the first), or closes the pick (`undefined`). */
export async function runPickingItem(command: string, index: number | undefined, args: unknown[] = []): Promise<{ error?: string }> {
  const accept = index !== undefined;
  let error: string | undefined;
  let settled = false;
  const run = Promise.resolve(vscode.commands.executeCommand(command, ...args)).then(
    () => { settled = true; },
    (err: unknown) => { settled = true; error = (err as Error)?.message ?? String(err); },
  );
  // A command that shows no pick settles by itself; one that shows a pick waits for us.
  const end = Date.now() + 1500;
  while (!settled && Date.now() < end) await sleep(50);
  if (!settled) {
    for (let i = 0; i < (index ?? 0); i++) await vscode.commands.executeCommand('workbench.action.quickOpenSelectNext');
    await vscode.commands.executeCommand(accept ? 'workbench.action.acceptSelectedQuickOpenItem' : 'workbench.action.closeQuickOpen');
    await Promise.race([run, sleep(5000)]);
    if (!settled) {
      await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
      await Promise.race([run, sleep(2000)]);
    }
  }
  return error ? { error } : {};
}
