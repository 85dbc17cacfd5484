/**
 * One workspace folder's graph
 * ============================
 * Holds the core Workspace of a folder and runs its indexing: the first index in the background
 * (with progress), later saves and file-system changes as batches of update(). Everything that
 * shows the graph listens to `onDidChange`.
 */
import * as vscode from 'vscode';
import { Workspace, type IndexReport } from '../core/workspace';
import { indexOptions, readSettings } from './config';

export type IndexState = { kind: 'idle' } | { kind: 'indexing'; done: number; total: number } | { kind: 'ready'; report?: IndexReport } | { kind: 'error'; message: string };

export class FolderIndex implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<FolderIndex>();
  /** After every index or update that may have changed the graph. */
  readonly onDidChange = this.changed.event;
  private readonly stateChanged = new vscode.EventEmitter<IndexState>();
  readonly onDidChangeState = this.stateChanged.event;
  private current: IndexState = { kind: 'idle' };
  private cancel: vscode.CancellationTokenSource | undefined;
  private closing: Promise<void> | undefined;

  private constructor(
    readonly folder: vscode.WorkspaceFolder,
    readonly ws: Workspace,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Opens the folder's workspace; a snapshot from an earlier session is loaded at once. */
  static async open(folder: vscode.WorkspaceFolder, log: vscode.LogOutputChannel): Promise<FolderIndex> {
    const settings = readSettings(folder);
    const ws = await Workspace.open(folder.uri.fsPath, {
      ...indexOptions(settings),
      log: (level, message) => log[level](`${folder.name}: ${message}`),
    });
    return new FolderIndex(folder, ws, log);
  }

  get state(): IndexState {
    return this.current;
  }

  /** Walks the folder and indexes what changed (everything with `full`), with a progress notification. */
  async index(full = false): Promise<IndexReport | undefined> {
    this.cancel?.cancel();
    const cancel = (this.cancel = new vscode.CancellationTokenSource());
    const controller = new AbortController();
    cancel.token.onCancellationRequested(() => controller.abort());
    this.setState({ kind: 'indexing', done: 0, total: 0 });
    try {
      const report = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: `KG Memory: indexing ${this.folder.name}`, cancellable: true },
        async (progress, token) => {
          token.onCancellationRequested(() => cancel.cancel());
          let last = 0;
          return this.ws.index({
            full,
            signal: controller.signal,
            onProgress: (done, total) => {
              this.setState({ kind: 'indexing', done, total });
              const pct = total ? (done / total) * 100 : 0;
              progress.report({ message: `${done} of ${total} files`, increment: pct - last });
              last = pct;
            },
          });
        },
      );
      this.log.info(`${this.folder.name}: indexed ${report.files} files (${report.parsed} parsed, ${report.removed} removed) in ${report.durationMs} ms`);
      for (const s of report.skipped.slice(0, 20)) this.log.debug(`${this.folder.name}: skipped ${s.path}: ${s.reason}`);
      this.setState({ kind: 'ready', report });
      this.changed.fire(this);
      return report;
    } catch (err) {
      if (controller.signal.aborted) {
        this.log.info(`${this.folder.name}: indexing cancelled`);
        this.setState({ kind: 'ready' });
        return undefined;
      }
      const message = (err as Error).message;
      this.log.error(`${this.folder.name}: indexing failed: ${(err as Error).stack ?? message}`);
      this.setState({ kind: 'error', message });
      return undefined;
    } finally {
      if (this.cancel === cancel) this.cancel = undefined;
      cancel.dispose();
    }
  }

  /** Re-reads these files (changed, created or deleted); one batch, one graph update. */
  async update(uris: readonly vscode.Uri[]): Promise<IndexReport | undefined> {
    if (uris.length === 0) return undefined;
    try {
      const before = this.ws.graph.version;
      const report = await this.ws.update(uris.map((u) => u.fsPath));
      // A saved record parses no code file but re-links governs edges: the graph's version says it.
      if (report.parsed || report.removed || this.ws.graph.version !== before) this.changed.fire(this);
      if (this.current.kind !== 'indexing') this.setState({ kind: 'ready', report });
      return report;
    } catch (err) {
      this.log.error(`${this.folder.name}: update failed: ${(err as Error).stack ?? String(err)}`);
      return undefined;
    }
  }

  /** Root-relative path of a file of this folder, or undefined. */
  relative(uri: vscode.Uri): string | undefined {
    return uri.scheme === 'file' ? this.ws.relativePath(uri.fsPath) : undefined;
  }

  private setState(state: IndexState): void {
    this.current = state;
    this.stateChanged.fire(state);
  }

  dispose(): void {
    void this.close();
  }

  /** Stops indexing and closes the workspace, writing its snapshot if updates are not saved yet. */
  close(): Promise<void> {
    if (!this.closing) {
      this.cancel?.cancel();
      this.changed.dispose();
      this.stateChanged.dispose();
      this.closing = this.ws.close().catch((err: unknown) => this.log.error(`${this.folder.name}: closing failed: ${(err as Error).message}`));
    }
    return this.closing;
  }
}
