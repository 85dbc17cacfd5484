/**
 * In a decision document
 * ======================
 * What a record or instruction file shows about the code it names, so stale decisions show up
 * where they are written:
 *   - a CodeLens "governs N files and symbols" at the top of a record (and on each instruction
 *     section that names code) that lists them in a quick pick;
 *   - a warning on every code span or link that no longer resolves (a renamed class, a moved
 *     file), from the graph's unresolved mentions.
 * Both follow the graph: a saved record is re-linked by the folder's update, and so is a rename or
 * delete of the code it names (the decision index re-links every mention after each update).
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { readSettings } from './config';
import { decisionOptions, documentLenses, governsTitle, staleMentions } from './decisions_model';
import { CMD_SHOW_GOVERNED, lensServices } from './lens_commands';

/** Records are Markdown; `.cursorrules` has no extension and no language of its own. */
const DOC_SELECTOR: vscode.DocumentSelector = [
  { scheme: 'file', language: 'markdown' },
  { scheme: 'file', pattern: '**/.cursorrules' },
];

export const DIAGNOSTIC_SOURCE = 'KG Memory';

export function registerDecisionDocs(ctx: Ctx): void {
  lensServices(ctx); // the lens's command
  const lens = new DocumentLensProvider(ctx);
  ctx.pushExtCleanup(lens);
  ctx.pushExtCleanup(vscode.languages.registerCodeLensProvider(DOC_SELECTOR, lens));
  ctx.pushExtCleanup(new StaleMentionDiagnostics(ctx));
  // The core would not open a folder with a broken pattern; config.ts falls back to the default, this says why.
  const check = (): void => {
    for (const folder of vscode.workspace.workspaceFolders ?? []) {
      const s = readSettings(folder);
      const { problem } = decisionOptions(s.adrFolder, s.adrFilenamePattern);
      if (problem) ctx.log.warn(`${folder.name}: ${problem}`);
    }
  };
  check();
  ctx.pushExtCleanup(
    vscode.workspace.onDidChangeConfiguration((e) => {
      if (e.affectsConfiguration('kgMemory.adr')) check();
    }),
  );
}

class DocumentLensProvider implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(private readonly ctx: Ctx) {
    this.subscriptions = [
      this.changed,
      ctx.onDidChangeGraph(() => this.changed.fire()),
      ctx.onDidChangeFolders(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((e) => {
        if (e.affectsConfiguration('kgMemory.codeLens.decisions')) this.changed.fire();
      }),
    ];
  }

  provideCodeLenses(doc: vscode.TextDocument): vscode.CodeLens[] {
    const folder = this.ctx.folderFor(doc.uri);
    const path = folder?.relative(doc.uri);
    if (folder === undefined || path === undefined) return [];
    if (!vscode.workspace.getConfiguration('kgMemory', doc.uri).get<boolean>('codeLens.decisions', true)) return [];
    return documentLenses(folder.ws.graph, path)
      .filter((l) => l.line < doc.lineCount)
      .map((l) => {
        const range = new vscode.Range(l.line, 0, l.line, 0);
        const command: vscode.Command =
          l.governs > 0
            ? { title: governsTitle(l.governs), tooltip: 'Pick one to open', command: CMD_SHOW_GOVERNED, arguments: [doc.uri, l.id] }
            : // A lens without a command is drawn as plain text.
              { title: governsTitle(0), command: '' };
        return new vscode.CodeLens(range, command);
      });
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
  }
}

/** One collection for every folder, recomputed whole on each graph change (a few dozen mentions). */
class StaleMentionDiagnostics implements vscode.Disposable {
  private readonly collection = vscode.languages.createDiagnosticCollection('kg-memory-decisions');
  private readonly subscriptions: vscode.Disposable[];
  /** Graph version per folder last shown, so an unchanged graph costs nothing. */
  private readonly shown = new Map<string, number>();

  constructor(private readonly ctx: Ctx) {
    this.subscriptions = [ctx.onDidChangeGraph(() => this.refresh()), ctx.onDidChangeFolders(() => this.refresh(true))];
    this.refresh();
  }

  private refresh(all = false): void {
    const folders = this.ctx.allFolders();
    if (!all && folders.every((f) => this.shown.get(f.folder.uri.toString()) === f.ws.graph.version)) return;
    const next = new Map<string, vscode.Diagnostic[]>();
    this.shown.clear();
    for (const folder of folders) {
      this.shown.set(folder.folder.uri.toString(), folder.ws.graph.version);
      for (const [path, mentions] of staleMentions(folder.ws.graph)) {
        const uri = vscode.Uri.joinPath(folder.folder.uri, path);
        next.set(
          uri.toString(),
          mentions.map((m) => {
            const d = new vscode.Diagnostic(new vscode.Range(m.range.line, m.range.col, m.range.endLine, m.range.endCol), m.message, vscode.DiagnosticSeverity.Warning);
            d.source = DIAGNOSTIC_SOURCE;
            d.code = 'stale-mention';
            return d;
          }),
        );
      }
    }
    this.collection.clear();
    for (const [uri, list] of next) this.collection.set(vscode.Uri.parse(uri), list);
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.collection.dispose();
  }
}
