/**
 * Fact extraction
 * ===============
 * (path, content) → FileFacts. Parses with the language's grammar and hands the tree to that
 * language's extractor (the registry names it; the contract is in facts.ts). Pure: no file system
 * access beyond loading the grammars.
 */
import { createHash } from 'node:crypto';
import type { Node } from 'web-tree-sitter';
import { FACTS_VERSION, type ExtractorInput, type FileFacts, type LanguageId } from './facts';
import { loadGrammar } from './grammar';
import { languageSpec } from './languages';

export function contentHash(content: string | Uint8Array): string {
  return createHash('sha256').update(content).digest('hex');
}

function countLines(source: string): number {
  if (source.length === 0) return 0;
  let n = 1;
  for (let i = source.indexOf('\n'); i >= 0; i = source.indexOf('\n', i + 1)) n++;
  return source.endsWith('\n') ? n - 1 : n;
}

/** ERROR and MISSING nodes, found without recursion (deeply nested code must not overflow the stack). */
function syntaxErrors(root: Node): { count: number; lines: number[] } {
  const lines: number[] = [];
  let count = 0;
  if (!root.hasError) return { count, lines };
  const cursor = root.walk();
  let done = false;
  while (!done) {
    const node = cursor.currentNode;
    if (node.isError || node.isMissing) {
      count++;
      if (lines.length < 5) lines.push(node.startPosition.row + 1);
    }
    if (node.hasError && !node.isError && cursor.gotoFirstChild()) continue;
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) {
        done = true;
        break;
      }
    }
  }
  cursor.delete();
  return { count, lines };
}

export async function extractFacts(path: string, source: string, language: LanguageId, hash = contentHash(source)): Promise<FileFacts> {
  const grammar = await loadGrammar(language);
  const extract = languageSpec(language).extractor();
  const tree = grammar.parser.parse(source);
  if (!tree) throw new Error(`kg-memory/extract: the ${language} parser gave no tree for ${path}`);
  try {
    const errors = syntaxErrors(tree.rootNode);
    const input: ExtractorInput = { tree, source, path, language, grammar };
    const extracted = extract(input);
    return {
      version: FACTS_VERSION,
      path,
      language,
      hash,
      lines: countLines(source),
      parseErrors: errors.count,
      ...(errors.lines.length ? { errorLines: errors.lines } : {}),
      ...extracted,
    };
  } finally {
    tree.delete();
  }
}
