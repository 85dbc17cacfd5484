/**
 * CodeLens
 * ========
 * "N callers", "M tests" and "governed by ADR-0004 (accepted)" above the functions, methods and
 * classes of Python, TypeScript and JavaScript files, and the decisions governing the whole file at
 * its top, from the graph in memory. The lenses of a file are computed once per graph
 * version (lens_model.ts) and then only placed on the current text through its unsaved edits
 * (lens_docs.ts), so typing costs a few map lookups and never a query.
 */
import * as vscode from 'vscode';
import { readSettings } from './config';
import type { Ctx } from './ctx';
import { indexedHash } from './graph_view';
import { CMD_SHOW_CALLERS, CMD_SHOW_DECISIONS, CMD_SHOW_TESTS, lensServices } from './lens_commands';
import { SOURCE_SELECTOR, type DocTracker } from './lens_docs';
import { CMD_SHOW_NOTES } from './memory_commands';
import { anyLens, fileLensesFor, lensesFor, lensTitle, placeLenses, wordColumn, type DefinitionLenses, type LensLine, type LensSettings } from './lens_model';

export function registerCodeLens(ctx: Ctx): void {
  const provider = new GraphLensProvider(ctx, lensServices(ctx).docs);
  ctx.pushExtCleanup(provider);
  ctx.pushExtCleanup(vscode.languages.registerCodeLensProvider(SOURCE_SELECTOR, provider));
}

interface Cached {
  version: number;
  settings: string;
  lenses: DefinitionLenses[];
  fileLines: LensLine[];
}

class GraphLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  /** Lenses per folder and path, valid for one graph version and one set of switches. */
  private readonly cache = new Map<string, Cached>();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly ctx: Ctx,
    private readonly docs: DocTracker,
  ) {
    this.subscriptions = [
      this.changed,
      ctx.onDidChangeGraph(() => {
        this.cache.clear();
        this.changed.fire();
      }),
      ctx.onDidChangeFolders(() => {
        this.cache.clear();
        this.changed.fire();
      }),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('kgMemory.codeLens')) this.changed.fire();
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => {
        for (const key of this.cache.keys()) if (key.endsWith(`|${doc.uri.toString()}`)) this.cache.delete(key);
      }),
    ];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const folder = this.ctx.folderFor(doc.uri);
    const path = folder?.relative(doc.uri);
    if (folder === undefined || path === undefined) return [];
    const settings: LensSettings = readSettings(doc.uri).codeLens;
    if (!anyLens(settings)) return [];
    const graph = folder.ws.graph;
    const map = this.docs.mapFor(doc, indexedHash(graph, path));
    if (map === undefined) return [];

    const key = `${folder.folder.uri.toString()}|${doc.uri.toString()}`;
    const switches = JSON.stringify(settings);
    let cached = this.cache.get(key);
    if (cached === undefined || cached.version !== graph.version || cached.settings !== switches) {
      cached = { version: graph.version, settings: switches, lenses: lensesFor(graph, path, settings), fileLines: fileLensesFor(graph, path, settings) };
      this.cache.set(key, cached);
    }

    const out: vscode.CodeLens[] = [];
    const top = new vscode.Range(0, 0, 0, 0);
    for (const line of cached.fileLines) out.push(new vscode.CodeLens(top, commandOf(line, doc.uri, path, top.start)));
    const named = (line: number, name: string): boolean => wordColumn(doc.lineAt(line).text, name) >= 0;
    for (const placed of placeLenses(cached.lenses, map, named)) {
      if (placed.line >= doc.lineCount || placed.nameLine >= doc.lineCount) continue;
      const col = Math.max(0, wordColumn(doc.lineAt(placed.nameLine).text, placed.def.name));
      const at = new vscode.Position(placed.nameLine, col);
      const range = new vscode.Range(placed.line, 0, placed.line, 0);
      for (const line of placed.lines) out.push(new vscode.CodeLens(range, commandOf(line, doc.uri, placed.def.id, at)));
    }
    return out;
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.cache.clear();
  }
}

function commandOf(line: LensLine, uri: vscode.Uri, id: string, at: vscode.Position): vscode.Command {
  const title = lensTitle(line);
  switch (line.kind) {
    case 'callers':
      return { title, tooltip: 'Show the call sites', command: CMD_SHOW_CALLERS, arguments: [uri, id, at] };
    case 'tests':
      return { title, tooltip: 'Pick a test to open', command: CMD_SHOW_TESTS, arguments: [uri, id] };
    case 'decisions':
      return {
        title,
        tooltip: line.refs.length === 1 ? `Open ${line.refs[0]?.label}` : 'Pick a decision to open',
        command: CMD_SHOW_DECISIONS,
        arguments: [uri, line.refs],
      };
    case 'notes':
      return { title, tooltip: 'Read the agent notes, or add one', command: CMD_SHOW_NOTES, arguments: [uri, line.id] };
  }
}
