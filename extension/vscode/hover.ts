/**
 * Hover
 * =====
 * On the name of a function, method or class (where it is defined or where it is called): its
 * signature, doc line, callers with the first few as links, and tests, from the graph in memory.
 * The hovered line is mapped back to the indexed text first; a line added since the last index
 * has no graph facts, so it gets no hover rather than a wrong one.
 */
import * as vscode from 'vscode';
import type { Ctx } from './ctx';
import { indexedHash, symbolForWord } from './graph_view';
import { CMD_OPEN, lensServices, openLink } from './lens_commands';
import { SOURCE_SELECTOR } from './lens_docs';
import { hoverData, hoverMarkdown } from './lens_hover';
import { notesMarkdown } from './lens_notes';

export function registerHover(ctx: Ctx): void {
  const { docs } = lensServices(ctx);
  const provider: vscode.HoverProvider = {
    provideHover(doc, position) {
      const folder = ctx.folderFor(doc.uri);
      const path = folder?.relative(doc.uri);
      if (folder === undefined || path === undefined) return undefined;
      const graph = folder.ws.graph;
      const old = docs.mapFor(doc, indexedHash(graph, path))?.toOld(position.line);
      const range = doc.getWordRangeAtPosition(position);
      if (old === undefined || range === undefined) return undefined;
      const id = symbolForWord(graph, path, old.line, doc.getText(range));
      const data = id === undefined ? undefined : hoverData(graph, id);
      if (data === undefined) return undefined;
      const md = new vscode.MarkdownString(hoverMarkdown(data, (place) => openLink(folder, place)) + notesMarkdown(graph, data.id));
      // Trusted for our one command only: the links run nothing else, whatever a name contains.
      md.isTrusted = { enabledCommands: [CMD_OPEN] };
      return new vscode.Hover(md, range);
    },
  };
  ctx.pushExtCleanup(vscode.languages.registerHoverProvider(SOURCE_SELECTOR, provider));
}
