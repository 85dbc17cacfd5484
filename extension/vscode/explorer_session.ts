/**
 * One explorer webview
 * ====================
 * Serves the explorer in a webview (the sidebar view or the editor panel): the page with its CSP
 * nonce, the folder's graph on `ready`, a diff after each change (the webview keeps its layout
 * and camera), the index state, and the node under the cursor when "follow editor" is on.
 *
 * Above `kgMemory.explorer.largeGraph` nodes the webview gets the overview only (modules, files,
 * packages, decisions, docs) and the symbols of what it expands (`expand`: the session widens its
 * scope and pushes the difference as a diff); its search is answered here over the whole graph.
 * Diffs after a save cover what is loaded, nothing more.
 *
 * `highlight` shows a set of nodes against a faded rest (the impact of a change): their files are
 * loaded into a partial graph first, and a highlight asked for before the webview is ready waits
 * for its `init`. The webview answers how many it draws (`highlighted`).
 *
 * Everything the webview sends is parsed by `parseViewMessage` first; unknown or malformed
 * messages are dropped and logged. "Open" takes a node id only: the file and line come from the
 * graph, and the file must be inside the folder (explorer_open.ts).
 */
import { randomBytes } from 'node:crypto';
import { writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { dispatchViewMessage, parseViewMessage, type HostMessage, type ViewHandlers, type WireIndexState } from '../protocol/messages';
import { EXPLORER_FILES, explorerPage } from '../protocol/page';
import { diffWireGraphs, countInScope, emptyScope, isEmptyDiff, scopeOf, toWireGraph, tooMuchToExpand, widenScope, type WireGraph, type WireScope } from '../protocol/wire_graph';
import { answerQuery, DEFAULT_LARGE_GRAPH, openingGraph, searchHits } from '../protocol/explorer_host';
import type { Ctx } from './ctx';
import type { FolderIndex, IndexState } from './folder_index';
import { openTarget } from './explorer_open';

/** Cursor moves are debounced this long; the issue asks for the new context within 500 ms. */
const FOLLOW_DELAY_MS = 120;

export function wireState(s: IndexState): WireIndexState {
  switch (s.kind) {
    case 'indexing':
      return { kind: 'indexing', done: s.done, total: s.total };
    case 'error':
      return { kind: 'error', message: s.message };
    case 'ready':
      return { kind: 'ready' };
    default:
      return { kind: 'idle' };
  }
}

export class ExplorerSession implements vscode.Disposable {
  private readonly disposables: vscode.Disposable[] = [];
  private folderDisposables: vscode.Disposable[] = [];
  private folder: FolderIndex | undefined;
  private sent: WireGraph | undefined;
  /** What is loaded in the webview besides the overview; undefined: the whole graph is. */
  private scope: WireScope | undefined;
  /** The sidebar follows the editor from the start (the file's context); the panel does when asked. */
  private follow: boolean;
  /** The highlight to send (again) after the next init: asked for before the page was ready, or kept across a re-init. */
  private pendingHighlight: { label: string; ids: string[] } | undefined;
  /** The webview's last answer to a highlight: what it draws of it. */
  lastHighlight: { label: string; shown: number } | undefined;
  private followTimer: NodeJS.Timeout | undefined;
  private disposed = false;

  constructor(
    private readonly ctx: Ctx,
    private readonly webview: vscode.Webview,
    private readonly surface: 'sidebar' | 'panel' = 'panel',
  ) {
    this.follow = surface === 'sidebar';
    const assets = vscode.Uri.joinPath(ctx.extCtx.extensionUri, 'dist', 'webview');
    webview.options = { enableScripts: true, localResourceRoots: [assets] };
    const nonce = randomBytes(16).toString('base64');
    webview.html = explorerPage({
      nonce,
      scriptUrl: webview.asWebviewUri(vscode.Uri.joinPath(assets, EXPLORER_FILES.script)).toString(),
      styleUrl: webview.asWebviewUri(vscode.Uri.joinPath(assets, EXPLORER_FILES.style)).toString(),
      resourceSource: webview.cspSource,
      connectSource: "'none'",
      title: 'KG Memory Graph',
    });
    this.register(webview.onDidReceiveMessage((raw: unknown) => this.receive(raw)));
    this.register(ctx.onDidChangeGraph((f) => f === this.folder && this.pushDiff()));
    this.register(ctx.onDidChangeFolders(() => this.folder && !ctx.allFolders().includes(this.folder) && this.init()));
    this.register(vscode.window.onDidChangeTextEditorSelection((e) => this.scheduleFollow(e.textEditor)));
    // Another file: at once (the issue asks for its context within 500 ms); cursor moves are debounced.
    this.register(
      vscode.window.onDidChangeActiveTextEditor((e) => {
        if (!e) return;
        clearTimeout(this.followTimer);
        this.revealEditor(e);
      }),
    );
  }

  private register<T extends vscode.Disposable>(d: T): T {
    if (this.disposed) d.dispose();
    else this.disposables.push(d);
    return d;
  }

  private post(m: HostMessage): void {
    void this.webview.postMessage(m);
  }

  private readonly handlers: ViewHandlers = {
    ready: () => this.init(),
    open: async (m) => {
      const folder = this.folder;
      const target = folder ? openTarget(folder.ws.root, folder.ws.graph.node(m.id)) : { error: 'No folder is open.' };
      if ('error' in target) {
        this.post({ type: 'reply', req: m.req, ok: false, message: target.error });
        return;
      }
      const pos = new vscode.Position(target.line - 1, 0);
      await vscode.window.showTextDocument(vscode.Uri.file(target.file), { selection: new vscode.Range(pos, pos), preview: true, viewColumn: vscode.ViewColumn.One });
      this.post({ type: 'reply', req: m.req, ok: true });
    },
    reindex: async (m) => {
      const folder = this.folder ?? this.ctx.activeFolder();
      if (!folder) {
        this.post({ type: 'reply', req: m.req, ok: false, message: 'Open a folder first: KG Memory indexes workspace folders.' });
        return;
      }
      if (!this.folder) this.init();
      const report = await folder.index();
      this.post({ type: 'reply', req: m.req, ok: report !== undefined, message: report ? `Indexed ${report.files} files.` : 'Indexing did not finish; see KG Memory: Open Log.' });
    },
    follow: (m) => {
      this.follow = m.on;
      const editor = vscode.window.activeTextEditor;
      if (m.on && editor) this.revealEditor(editor);
    },
    expand: (m) => {
      const folder = this.folder;
      const add = scopeOf(folder?.ws.graph.node(m.id));
      if (!folder || !add) {
        this.post({ type: 'reply', req: m.req, ok: false, message: 'That node has no symbols to show.' });
        return;
      }
      if (this.scope) {
        const refused = tooMuchToExpand(countInScope(folder.ws.graph.graph, widenScope(emptyScope(), add)), this.largeGraph());
        if (refused) {
          this.post({ type: 'reply', req: m.req, ok: false, message: refused });
          return;
        }
        this.scope = widenScope(this.scope, add);
        this.pushDiff();
      }
      this.post({ type: 'reply', req: m.req, ok: true });
    },
    highlighted: (m) => {
      this.lastHighlight = { label: m.label, shown: m.shown };
      if (m.label === '') this.pendingHighlight = undefined;
    },
    query: (m) => {
      const folder = this.folder;
      if (!folder) {
        this.post({ type: 'reply', req: m.req, ok: false, message: 'No folder is open.' });
        return;
      }
      const a = answerQuery(folder.ws.graph, m.query === 'path' ? { kind: 'path', id: m.id, to: m.to ?? '' } : { kind: m.query, id: m.id });
      // A partial graph loads the answer's files first (they arrive as a diff before the reply).
      this.loadFilesOf(a.ids);
      this.post({ type: 'reply', req: m.req, ok: a.ids.length > 0, answer: { label: a.label, ids: a.ids, tests: a.tests }, ...(a.message ? { message: a.message } : {}) });
    },
    search: (m) => {
      this.post({ type: 'reply', req: m.req, ok: true, hits: this.folder ? searchHits(this.folder.ws.graph, m.query, m.limit) : [] });
    },
    export: async (m) => {
      const target = await vscode.window.showSaveDialog({
        defaultUri: this.folder ? vscode.Uri.joinPath(this.folder.folder.uri, `kg-memory-graph.${m.format}`) : undefined,
        filters: m.format === 'png' ? { 'PNG image': ['png'] } : { 'SVG image': ['svg'] },
      });
      if (!target) {
        this.post({ type: 'reply', req: m.req, ok: true, message: 'Export cancelled.' });
        return;
      }
      const bytes = m.format === 'png' ? Buffer.from(m.data.slice(m.data.indexOf(',') + 1), 'base64') : Buffer.from(m.data, 'utf8');
      await writeFile(target.fsPath, bytes);
      this.post({ type: 'reply', req: m.req, ok: true, message: `Saved ${vscode.workspace.asRelativePath(target)}.` });
    },
  };

  private receive(raw: unknown): void {
    const m = parseViewMessage(raw);
    if (!m) {
      this.ctx.log.warn(`explorer: dropped a message the explorer should not send: ${JSON.stringify(raw)?.slice(0, 200)}`);
      return;
    }
    Promise.resolve(dispatchViewMessage(this.handlers, m)).catch((err: unknown) => {
      this.ctx.log.error(`explorer: ${m.type} failed: ${(err as Error).stack ?? String(err)}`);
      if ('req' in m) this.post({ type: 'reply', req: m.req, ok: false, message: (err as Error).message });
    });
  }

  /** Sends the active folder's graph, whole or (above the size limit) its overview: on ready, or when the shown folder closed. */
  private init(): void {
    for (const d of this.folderDisposables) d.dispose();
    this.folderDisposables = [];
    const folder = (this.folder = this.ctx.activeFolder());
    const largeGraph = this.largeGraph();
    const opening = folder ? openingGraph(folder.ws.graph, largeGraph) : { graph: { nodes: [], edges: [] }, totals: { nodes: 0, edges: 0, partial: false }, scope: undefined };
    const { graph, totals } = opening;
    this.scope = opening.scope;
    this.sent = graph;
    this.post({ type: 'init', host: { kind: 'vscode', folder: folder?.folder.name ?? '', largeGraph, surface: this.surface, follow: this.follow }, graph, totals, state: folder ? wireState(folder.state) : { kind: 'idle' } });
    if (folder) this.folderDisposables.push(folder.onDidChangeState((s) => this.post({ type: 'state', state: wireState(s) })));
    // Open on the person's context: the file in the editor, at once.
    const editor = vscode.window.activeTextEditor;
    if (folder && editor) this.revealEditor(editor);
    if (folder && this.pendingHighlight) this.sendHighlight(this.pendingHighlight);
  }

  /** The folder this explorer shows (the active one when it opened). */
  get shownFolder(): FolderIndex | undefined {
    return this.folder;
  }

  /** Shows these nodes of the folder's graph against a faded rest; an empty list clears it. */
  highlight(label: string, ids: readonly string[]): void {
    this.pendingHighlight = { label, ids: [...ids] };
    if (this.sent) this.sendHighlight(this.pendingHighlight);
  }

  private sendHighlight(h: { label: string; ids: string[] }): void {
    const folder = this.folder;
    if (!folder) return;
    const graph = folder.ws.graph;
    const ids = h.ids.filter((id) => graph.node(id) !== undefined);
    this.loadFilesOf(ids);
    this.post({ type: 'highlight', label: h.label, ids });
  }

  /** A partial graph loads the files of these nodes (they arrive as a diff). */
  private loadFilesOf(ids: readonly string[]): void {
    const folder = this.folder;
    if (!folder || !this.scope) return;
    let scope = this.scope;
    for (const id of ids) {
      const add = scopeOf(folder.ws.graph.node(id));
      if (add && 'file' in add) scope = widenScope(scope, add);
    }
    if (scope !== this.scope) {
      this.scope = scope;
      this.pushDiff();
    }
  }

  private largeGraph(): number {
    return vscode.workspace.getConfiguration('kgMemory').get<number>('explorer.largeGraph', DEFAULT_LARGE_GRAPH);
  }

  private pushDiff(): void {
    const folder = this.folder;
    if (!folder || !this.sent) return;
    const next = toWireGraph(folder.ws.graph.graph, this.scope);
    // From an empty graph (first index) a fresh init lays the whole graph out at once.
    if (this.sent.nodes.length === 0) {
      this.init();
      return;
    }
    const diff = diffWireGraphs(this.sent, next);
    this.sent = next;
    const whole = folder.ws.graph.graph;
    if (!isEmptyDiff(diff)) this.post({ type: 'diff', diff, totals: { partial: this.scope !== undefined, nodes: whole.order, edges: whole.size } });
  }

  /**
   * The node under the cursor, or the file: sent whether or not the explorer follows, since it
   * marks the editor's file either way. Debounced, so typing and arrow keys send one message.
   */
  private scheduleFollow(editor: vscode.TextEditor): void {
    clearTimeout(this.followTimer);
    this.followTimer = setTimeout(() => this.revealEditor(editor), FOLLOW_DELAY_MS);
  }

  private revealEditor(editor: vscode.TextEditor): void {
    const folder = this.folder;
    const rel = folder?.relative(editor.document.uri);
    if (!folder || rel === undefined || !this.sent) return;
    const id = folder.ws.graph.symbolAt(rel, editor.selection.active.line + 1);
    if (id !== undefined) this.post({ type: 'reveal', id });
  }

  dispose(): void {
    if (this.disposed) return;
    this.disposed = true;
    clearTimeout(this.followTimer);
    for (const d of [...this.folderDisposables, ...this.disposables]) d.dispose();
    this.folderDisposables = [];
    this.disposables.length = 0;
  }
}
