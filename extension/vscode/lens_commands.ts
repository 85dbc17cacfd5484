/**
 * What clicking a lens or a hover link does
 * =========================================
 * Internal commands (not in the palette): the call sites of a definition in the peek-references
 * view, its tests in a quick pick, the decisions governing it (one opens, several are picked),
 * what a decision governs (picked, then opened), and "open this place" for hover links. Places
 * come from the graph, so lines are mapped through the unsaved edits of open documents first.
 *
 * Also home of the services CodeLens and hover share (one DocTracker per Ctx).
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import type { FolderIndex } from './folder_index';
import { callSites, indexedHash, testsOf, placeOfLoc, type Place } from './graph_view';
import { governedTargets, refTitle, type DecisionRef } from './decisions_model';
import { DocTracker } from './lens_docs';
import { wordColumn } from './lens_model';

export const CMD_SHOW_CALLERS = 'kgMemory.lens.showCallers';
export const CMD_SHOW_TESTS = 'kgMemory.lens.showTests';
export const CMD_OPEN = 'kgMemory.lens.open';
export const CMD_SHOW_DECISIONS = 'kgMemory.lens.showDecisions';
export const CMD_SHOW_GOVERNED = 'kgMemory.lens.showGoverned';

/** Arguments of CMD_OPEN (JSON in a command URI: plain strings and numbers only). */
export interface OpenArgs {
  folder: string;
  path: string;
  line: number;
}

export interface LensServices {
  docs: DocTracker;
}

const services = new WeakMap<Ctx, LensServices>();

/** The shared services of this Ctx, created (and their commands registered) on first use. */
export function lensServices(ctx: Ctx): LensServices {
  let s = services.get(ctx);
  if (s !== undefined) return s;
  const docs = new DocTracker();
  ctx.pushExtCleanup(docs);
  s = { docs };
  services.set(ctx, s);
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_SHOW_CALLERS, (uri: vscode.Uri, id: string, at: vscode.Position) => showCallers(ctx, docs, uri, id, at)));
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_SHOW_TESTS, (uri: vscode.Uri, id: string) => showTests(ctx, docs, uri, id)));
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_OPEN, (args: OpenArgs) => openArgs(ctx, docs, args)));
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_SHOW_DECISIONS, (uri: vscode.Uri, refs: DecisionRef[]) => showDecisions(ctx, docs, uri, refs)));
  ctx.pushExtCleanup(vscode.commands.registerCommand(CMD_SHOW_GOVERNED, (uri: vscode.Uri, id: string) => showGoverned(ctx, docs, uri, id)));
  return s;
}

/** A command URI for a hover link (the hover's MarkdownString enables only CMD_OPEN). */
export function openLink(folder: FolderIndex, place: Place): string {
  const args: OpenArgs = { folder: folder.folder.uri.toString(), path: place.path, line: place.line };
  return `command:${CMD_OPEN}?${encodeURIComponent(JSON.stringify([args]))}`;
}

/** Where a graph place is in the editor now: mapped through the file's unsaved edits, if it is open. */
async function locate(folder: FolderIndex, docs: DocTracker, place: Place, name?: string): Promise<vscode.Location | undefined> {
  const uri = vscode.Uri.joinPath(folder.folder.uri, place.path);
  let doc = docs.openDocument(uri);
  let line = place.line;
  if (doc !== undefined) {
    const map = docs.mapFor(doc, indexedHash(folder.ws.graph, place.path));
    // With a map, a line that is gone is left out; without one (the index is catching up) the
    // indexed line is the best there is.
    const now = map === undefined ? { line } : map.toCurrent(line);
    if (now === undefined) return undefined;
    line = now.line;
  } else if (name !== undefined) {
    doc = await vscode.workspace.openTextDocument(uri).then(
      (d) => d,
      () => undefined,
    );
  }
  const text = doc !== undefined && line < doc.lineCount ? doc.lineAt(line).text : '';
  const col = name === undefined ? -1 : wordColumn(text, name);
  const range = col >= 0 ? new vscode.Range(line, col, line, col + (name?.length ?? 0)) : new vscode.Range(line, 0, line, 0);
  return new vscode.Location(uri, range);
}

async function showCallers(ctx: Ctx, docs: DocTracker, uri: vscode.Uri, id: string, at: vscode.Position): Promise<void> {
  const folder = ctx.folderFor(uri);
  const graph = folder?.ws.graph;
  if (folder === undefined || graph === undefined) return;
  const name = graph.node(id)?.name;
  const found = await Promise.all(callSites(graph, id).map((site) => locate(folder, docs, site, name)));
  const locations = found.filter((l): l is vscode.Location => l !== undefined);
  await vscode.commands.executeCommand('editor.action.showReferences', uri, at, locations);
}

interface TestPick extends vscode.QuickPickItem {
  place: { path: string; line: number };
}

async function showTests(ctx: Ctx, docs: DocTracker, uri: vscode.Uri, id: string): Promise<void> {
  const folder = ctx.folderFor(uri);
  const graph = folder?.ws.graph;
  if (folder === undefined || graph === undefined) return;
  const { items, total } = testsOf(graph, id);
  const picks: TestPick[] = [];
  for (const t of items) {
    const place = placeOfLoc(t.loc);
    if (place === undefined) continue;
    const a = graph.node(t.id);
    const via = t.via === undefined ? undefined : graph.node(t.via);
    const viaName = via?.qualifiedName ?? via?.name ?? '…';
    // A class's tests include its members' ("direct, on run"); a test of the file or class holding it says so.
    const how = t.how === 'direct' ? (via ? `direct, on ${via.name}` : 'direct') : t.how === 'container' ? `tests ${viaName}` : `through ${viaName}`;
    picks.push({
      label: `$(beaker) ${a?.qualifiedName ?? a?.name ?? t.id}`,
      description: t.convention ? `${how} · by naming convention` : how,
      detail: `${place.path}:${place.line + 1}`,
      place,
    });
  }
  const title = graph.node(id)?.qualifiedName ?? id;
  const more = total > picks.length ? ` (first ${picks.length} of ${total})` : '';
  const chosen = await vscode.window.showQuickPick(picks, { title: `Tests of ${title}${more}`, matchOnDescription: true, matchOnDetail: true });
  if (chosen !== undefined) await reveal(folder, docs, chosen.place);
}

interface DecisionPick extends vscode.QuickPickItem {
  place: Place;
}

/** One decision opens at the line naming the target; several are picked first. */
async function showDecisions(ctx: Ctx, docs: DocTracker, uri: vscode.Uri, refs: readonly DecisionRef[]): Promise<void> {
  const folder = ctx.folderFor(uri);
  if (folder === undefined || refs.length === 0) return;
  if (refs.length === 1) return reveal(folder, docs, refs[0]!.place);
  const picks: DecisionPick[] = refs.map((r) => ({
    label: `$(law) ${refTitle(r)}`,
    description: [r.title, r.through ? `through ${r.through}` : undefined].filter(Boolean).join(' · '),
    ...(r.sentence ? { detail: r.sentence } : {}),
    place: r.place,
  }));
  const chosen = await vscode.window.showQuickPick(picks, { title: 'Decisions governing this', matchOnDescription: true, matchOnDetail: true });
  if (chosen !== undefined) await reveal(folder, docs, chosen.place);
}

const GOVERNED_ICON: Record<string, string> = { file: 'file', module: 'folder', class: 'symbol-class', method: 'symbol-method', function: 'symbol-function' };

/** What a record or instruction section governs, in a quick pick; the chosen one opens. */
async function showGoverned(ctx: Ctx, docs: DocTracker, uri: vscode.Uri, id: string): Promise<void> {
  const folder = ctx.folderFor(uri);
  const graph = folder?.ws.graph;
  if (folder === undefined || graph === undefined) return;
  const picks: DecisionPick[] = governedTargets(graph, id).map((t) => ({
    label: `$(${GOVERNED_ICON[t.kind] ?? 'symbol-misc'}) ${t.label}`,
    description: [t.kind, t.how].filter(Boolean).join(' · '),
    detail: `${t.place.path}:${t.place.line + 1}`,
    place: t.place,
  }));
  const a = graph.node(id);
  const name = a?.kind === 'config' ? `${a.path ?? ''} § ${a.name}` : (a?.name ?? id);
  const chosen = await vscode.window.showQuickPick(picks, { title: `What ${name} governs`, matchOnDescription: true, matchOnDetail: true });
  if (chosen !== undefined) await reveal(folder, docs, chosen.place);
}

async function openArgs(ctx: Ctx, docs: DocTracker, args: OpenArgs): Promise<void> {
  const folder = ctx.allFolders().find((f) => f.folder.uri.toString() === args.folder);
  if (folder !== undefined && typeof args.path === 'string' && typeof args.line === 'number') await reveal(folder, docs, args);
}

async function reveal(folder: FolderIndex, docs: DocTracker, place: Place): Promise<void> {
  const loc = await locate(folder, docs, place);
  const uri = loc?.uri ?? vscode.Uri.joinPath(folder.folder.uri, place.path);
  const range = loc?.range ?? new vscode.Range(place.line, 0, place.line, 0);
  await vscode.window.showTextDocument(uri, { selection: range });
}
