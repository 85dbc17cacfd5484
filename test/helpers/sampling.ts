/**
 * Asking over MCP with sampling
 * =============================
 * What the LLM tests share across transports: the question they ask, the answer the client's own
 * model gives, and the check that the answer came back through sampling, citing ADR-0002.
 */
import assert from 'node:assert/strict';
import type { Client } from '@modelcontextprotocol/sdk/client/index.js';

export const PAYMENTS_QUESTION = 'Why do payments go through one gateway?';
/** What the client's model answers the question with. */
export const SAMPLED_ANSWER = '**Why** One retry loop instead of three [ADR-0002].\n\nSources:\n- ADR-0002';

export interface AskAnswer {
  grounded: boolean;
  model: string;
  sources: { cite: string }[];
}

/** Calls `ask` with the question and checks the client's model answered it from ADR-0002. */
export async function askThroughSampling(client: Client): Promise<AskAnswer> {
  const r = await client.callTool({ name: 'ask', arguments: { question: PAYMENTS_QUESTION } });
  assert.ok(!r.isError, JSON.stringify(r.content));
  const answer = r.structuredContent as unknown as AskAnswer;
  assert.equal(answer.model, 'sampling:client-model');
  assert.deepEqual(answer.sources.map((s) => s.cite), ['ADR-0002']);
  return answer;
}
