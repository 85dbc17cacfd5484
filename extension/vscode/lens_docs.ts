/**
 * Open documents against the graph
 * ================================
 * Feeds each open source document's EditHistory from the editor's events (open, change, save,
 * close) and answers "where is indexed line N now" for CodeLens, hover and the commands they
 * run. The thin VS Code side of lens_history.ts and lens_linemap.ts.
 */
import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { EditHistory } from './lens_history';
import type { LineMap, TextChange } from './lens_linemap';
import { VSCODE_LANGUAGE_IDS } from '../core/parse/languages';

export const SOURCE_SELECTOR: vscode.DocumentSelector = VSCODE_LANGUAGE_IDS.map((language) => ({ scheme: 'file', language }));

function tracked(doc: vscode.TextDocument): boolean {
  return doc.uri.scheme === 'file' && VSCODE_LANGUAGE_IDS.includes(doc.languageId);
}

/**
 * The hashes the file on disk may have when it holds this text: the graph hashes raw bytes, and a
 * UTF-8 file may start with a byte-order mark the editor does not show.
 */
function hashesOf(doc: vscode.TextDocument): string[] {
  const bytes = Buffer.from(doc.getText(), 'utf8');
  const plain = createHash('sha256').update(bytes).digest('hex');
  const bom = createHash('sha256').update(Buffer.from([0xef, 0xbb, 0xbf])).update(bytes).digest('hex');
  return [plain, bom];
}

/** The changes of one event as TextChanges, last in the document first (see `edit`). */
function changesOf(e: vscode.TextDocumentChangeEvent): TextChange[] {
  const one = e.contentChanges.length === 1;
  return [...e.contentChanges]
    .sort((a, b) => b.range.start.compareTo(a.range.start))
    .map((c) => {
      const change: TextChange = {
        startLine: c.range.start.line,
        startChar: c.range.start.character,
        endLine: c.range.end.line,
        endChar: c.range.end.character,
        text: c.text,
      };
      if (one) change.startAtLineEnd = endedAtLineEnd(e.document, change);
      return change;
    });
}

/**
 * For an insertion that begins with a line break: was the old line empty after the cursor? Then
 * what followed it is now empty too, and the last inserted line stands alone on its new line.
 */
function endedAtLineEnd(doc: vscode.TextDocument, c: TextChange): boolean {
  if (!c.text.startsWith('\n') || c.startLine !== c.endLine || c.startChar !== c.endChar) return false;
  const newlines = c.text.split('\n').length - 1;
  const last = c.text.slice(c.text.lastIndexOf('\n') + 1);
  const line = c.startLine + newlines;
  return line < doc.lineCount && doc.lineAt(line).text.length === last.length;
}

export class DocTracker implements vscode.Disposable {
  private readonly histories = new Map<string, EditHistory>();
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    for (const doc of vscode.workspace.textDocuments) this.opened(doc);
    this.subscriptions = [
      vscode.workspace.onDidOpenTextDocument((doc) => this.opened(doc)),
      vscode.workspace.onDidChangeTextDocument((e) => {
        // Change events with no content change (dirty flag only) move nothing.
        if (e.contentChanges.length > 0) this.histories.get(e.document.uri.toString())?.edit(changesOf(e));
      }),
      vscode.workspace.onDidSaveTextDocument((doc) => {
        if (tracked(doc)) this.history(doc).mark(hashesOf(doc));
      }),
      vscode.workspace.onDidCloseTextDocument((doc) => this.histories.delete(doc.uri.toString())),
    ];
  }

  private opened(doc: vscode.TextDocument): void {
    // A document restored with unsaved changes has no known version: nothing is drawn until a save.
    if (tracked(doc) && !this.histories.has(doc.uri.toString())) {
      const h = this.history(doc);
      if (!doc.isDirty) h.mark(hashesOf(doc));
    }
  }

  private history(doc: vscode.TextDocument): EditHistory {
    const key = doc.uri.toString();
    let h = this.histories.get(key);
    if (h === undefined) this.histories.set(key, (h = new EditHistory()));
    return h;
  }

  /**
   * The map from the text the graph indexed (its hash) to the document's current text, or
   * undefined when they cannot be related. A clean document whose text the graph has not seen
   * (reloaded after a change on disk) is marked now: it is the text on disk.
   */
  mapFor(doc: vscode.TextDocument, graphHash: string | undefined): LineMap | undefined {
    if (graphHash === undefined || !tracked(doc)) return undefined;
    const h = this.history(doc);
    const map = h.mapFor(graphHash);
    // Hashing again is needed only when something changed since the last version was marked.
    if (map !== undefined || doc.isDirty || h.current) return map;
    h.mark(hashesOf(doc));
    return h.mapFor(graphHash);
  }

  /** The open document of this file, if any (call sites in other files may be open and edited too). */
  openDocument(uri: vscode.Uri): vscode.TextDocument | undefined {
    const key = uri.toString();
    return vscode.workspace.textDocuments.find((d) => d.uri.toString() === key);
  }

  dispose(): void {
    for (const d of this.subscriptions) d.dispose();
    this.histories.clear();
  }
}
