/**
 * Impact of changes
 * =================
 * "KG Memory: Show Impact of Uncommitted Changes" (the working tree against HEAD) and, from a
 * commit in the Source Control graph's context menu, "Show Impact of Commit" (the commit
 * against its first parent). The answer is core/changes'; this shows it in a quick pick that
 * opens each place, with the Markdown review summary and the graph explorer (the answer
 * highlighted on the canvas) one choice away.
 */
import * as vscode from 'vscode';
import { changes, changesMarkdown, changesNodeIds, GitError } from '../core/changes';
import type { ChangesOptions, ChangesResult } from '../core/changes';
import type { Ctx } from './ctx';
import { highlightInExplorer } from './explorer';
import type { PickEntry } from './pick_items';
import { pickFolder, reveal, toItems } from './quick_pick';
import type { FolderIndex } from './folder_index';

const SUMMARY = 'Open the review summary (Markdown)';
const EXPLORER = 'Highlight it in the graph explorer';

const at = (loc: string | undefined): { path?: string; line?: number } => {
  const m = loc ? /^(.*):(\d+)$/.exec(loc) : null;
  return m ? { path: m[1]!, line: Number(m[2]) } : {};
};

/** The answer as pick entries: a section per part, each row opening its place. */
export function changesEntries(r: ChangesResult): PickEntry[] {
  const out: PickEntry[] = [{ label: `$(markdown) ${SUMMARY}` }, { label: `$(type-hierarchy) ${EXPLORER}` }];
  const section = (label: string, more: number | undefined, rows: PickEntry[]): void => {
    if (rows.length === 0) return;
    out.push({ label: more ? `${label} (${more} more)` : label, separator: true }, ...rows);
  };
  section('Changed definitions', r.definitions.more, r.definitions.items.map((d) => {
    const callers = d.callers ? d.callers.items.length + (d.callers.more ?? 0) : 0;
    return { label: `${d.change} ${d.name}`, description: d.loc, detail: `${d.kind}${d.was ? `, was ${d.was.name} (${d.was.loc})` : ''}${d.callers ? `, ${callers} callers` : ''}`, ...(d.change === 'removed' ? {} : at(d.loc)) };
  }));
  section('Tests to run', r.tests.more, r.tests.items.map((t) => ({ label: t.name ?? t.id, description: t.loc ?? '', detail: `${t.how}, reaches ${t.reaches} changed definitions`, ...at(t.loc) })));
  section('Decisions that govern it', r.decisions.more, r.decisions.items.map((d) => ({ label: d.title ?? d.id, description: d.loc ?? '', detail: `${d.status ?? ''} governs ${d.governs.join(', ')}`.trim(), ...at(d.loc) })));
  section('Record mentions made stale', r.stale.more, r.stale.items.map((s) => ({ label: s.text, description: s.loc, detail: s.because, ...at(s.loc) })));
  section('Docs that mention it', r.docs.more, r.docs.items.map((d) => ({ label: d.id, description: d.loc ?? '', detail: `mentions ${d.mentions.join(', ')}`, ...at(d.loc) })));
  return out;
}

async function show(folder: FolderIndex, what: string, options: ChangesOptions): Promise<void> {
  let result: ChangesResult;
  try {
    result = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: `KG Memory: impact of ${what}` }, () => changes(folder.ws.graph, folder.ws.root, options));
  } catch (err) {
    if (err instanceof GitError) {
      void vscode.window.showWarningMessage(`KG Memory: ${err.message}`);
      return;
    }
    throw err;
  }
  if (result.counts.files === 0) {
    void vscode.window.showInformationMessage(`KG Memory: no changes in ${what}.`);
    return;
  }
  const c = result.counts;
  const chosen = await vscode.window.showQuickPick(toItems(changesEntries(result)), {
    title: `Impact of ${what}: ${c.definitions} definitions, ${c.callers} callers, ${c.tests} tests, ${c.decisions} decisions${c.stale ? `, ${c.stale} stale mentions` : ''}`,
    matchOnDescription: true,
    matchOnDetail: true,
  });
  const e = chosen?.entry;
  if (e?.label.endsWith(EXPLORER)) await highlightInExplorer(folder, `Impact of ${what}`, changesNodeIds(result));
  else if (e?.label.endsWith(SUMMARY)) {
    const doc = await vscode.workspace.openTextDocument({ language: 'markdown', content: changesMarkdown(result) });
    await vscode.window.showTextDocument(doc, { preview: true });
  } else if (e?.path !== undefined) await reveal(folder, e.path, e.line ?? 1);
}

/** A commit from the Source Control graph's menu: its id and first parent, whatever the argument shape. */
function commitOf(args: readonly unknown[]): { id: string; parent?: string } | undefined {
  for (const a of args) {
    if (a && typeof a === 'object' && typeof (a as { id?: unknown }).id === 'string' && /^[0-9a-f]{7,40}$/i.test((a as { id: string }).id)) {
      const parents = (a as { parentIds?: unknown }).parentIds;
      const parent = Array.isArray(parents) && typeof parents[0] === 'string' ? parents[0] : undefined;
      return { id: (a as { id: string }).id, ...(parent ? { parent } : {}) };
    }
  }
  return undefined;
}

export function registerChangesCommands(ctx: Ctx): void {
  const run = (title: string, fn: (...args: unknown[]) => Promise<void>) => async (...args: unknown[]): Promise<void> => {
    try {
      await fn(...args);
    } catch (err) {
      ctx.log.error(`${title}: ${(err as Error).stack ?? String(err)}`);
      void vscode.window.showErrorMessage(`KG Memory: ${title} failed: ${(err as Error).message}`);
    }
  };
  ctx.pushExtCleanup(
    vscode.commands.registerCommand('kgMemory.showChangesImpact', run('Show Impact of Uncommitted Changes', async () => {
      const folder = await pickFolder(ctx, 'Show Impact of Uncommitted Changes');
      if (folder) await show(folder, 'the uncommitted changes', {});
    })),
  );
  ctx.pushExtCleanup(
    vscode.commands.registerCommand('kgMemory.showCommitImpact', run('Show Impact of Commit', async (...args) => {
      const folder = await pickFolder(ctx, 'Show Impact of Commit');
      if (!folder) return;
      let commit = commitOf(args);
      if (!commit) {
        const ref = await vscode.window.showInputBox({ title: 'KG Memory: Show Impact of Commit', prompt: 'A commit, branch or tag', value: 'HEAD' });
        if (!ref) return;
        commit = { id: ref };
      }
      await show(folder, `commit ${commit.id.slice(0, 12)}`, { base: commit.parent ?? `${commit.id}~1`, head: commit.id });
    })),
  );
}
