/**
 * Token figures
 * =============
 * The token comparison of token_questions.ts on this project's extension/ and on Django, each
 * indexed in this process with persist off.
 */
import { join } from 'node:path';
import { Workspace } from '../../extension/core/workspace';
import { compareTokens, DJANGO_QUESTIONS, SELF_QUESTIONS, type TokenSummary } from './token_questions';
import { errorText, REPO_ROOT } from './util';

export interface TokenFigure {
  corpus: string;
  summary?: TokenSummary;
  error?: string;
}

async function one(corpus: string, root: string, questions: typeof SELF_QUESTIONS): Promise<TokenFigure> {
  let ws: Workspace | undefined;
  try {
    ws = await Workspace.open(root, { persist: false });
    await ws.index();
    return { corpus, summary: await compareTokens(ws, questions) };
  } catch (err) {
    return { corpus, error: errorText(err) };
  } finally {
    await ws?.close();
  }
}

export async function measureTokens(djangoRoot: string | undefined): Promise<TokenFigure[]> {
  const out = [await one('kg-memory extension/', join(REPO_ROOT, 'extension'), SELF_QUESTIONS)];
  if (djangoRoot) out.push(await one('django', djangoRoot, DJANGO_QUESTIONS));
  return out;
}
