/**
 * The LLM layer in a real extension host
 * ======================================
 * Run by test/vscode/llm_run.ts on a copy of test/fixtures/decisions/store whose workspace
 * settings turn the layer on and point it at a loopback chat server. "KG Memory: Ask" answers
 * with checked sources and opens the answer; "Extract Decisions from Prose" puts a decision in
 * the folder's graph; turned off, both send nothing (the ledger in .kg-memory/llm-cache.json
 * does not move). The @kg participant is registered.
 */
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { runAll, test } from './runner';
import { api, root, waitFor } from './util';

const QUESTION = 'Why do payments go through one gateway?';

function sent(): number {
  try {
    return (JSON.parse(readFileSync(join(root().fsPath, '.kg-memory', 'llm-cache.json'), 'utf8')) as { sent?: { requests: number } }).sent?.requests ?? 0;
  } catch {
    return 0;
  }
}

test('indexes the decision fixture', async () => {
  const kg = await api();
  await kg.whenIndexed();
  assert.equal(kg.folders()[0]?.state.kind, 'ready');
}, 120_000);

test('KG Memory: Ask answers from the graph with checked sources, in a Markdown document', async () => {
  const answer = (await vscode.commands.executeCommand('kgMemory.ask', QUESTION)) as { grounded: boolean; sources: { cite: string }[]; model: string } | undefined;
  assert.ok(answer, 'an answer');
  assert.equal(answer.grounded, true);
  assert.deepEqual(answer.sources.map((s) => s.cite), ['ADR-0002']);
  assert.equal(answer.model, 'endpoint:stub-model');
  const doc = await waitFor('the answer document', () => vscode.workspace.textDocuments.find((d) => d.languageId === 'markdown' && d.getText().startsWith(`# ${QUESTION}`)));
  assert.match(doc.getText(), /\[ADR-0002\]\(file:\/\/.*0002-payments-go-through-one-gateway\.md#L1\)/);
}, 60_000);

test('Extract Decisions from Prose puts the decision in the folder graph', async () => {
  await vscode.commands.executeCommand('kgMemory.llm.extract');
  const graph = (await api()).folders()[0]!.ws.graph;
  const decisions = graph.graph.filterNodes((_id, a) => a.kind === 'decision');
  assert.equal(decisions.length, 1);
  const d = decisions[0]!;
  assert.ok(graph.hasEdge(`implements|py:shop.payments:PaymentGateway|${d}`));
  assert.ok(sent() >= 7, `the ledger counts what was sent (${sent()})`);
}, 60_000);

test('the @kg chat participant is registered', async () => {
  const ext = vscode.extensions.getExtension('kg-memory.kg-memory');
  const participants = (ext?.packageJSON as { contributes?: { chatParticipants?: { id: string; name: string }[] } }).contributes?.chatParticipants ?? [];
  assert.ok(participants.some((p) => p.id === 'kg-memory.kg' && p.name === 'kg'));
});

test('turned off, Ask and Extract send nothing', async () => {
  await vscode.workspace.getConfiguration('kgMemory').update('llm.enabled', false, vscode.ConfigurationTarget.Workspace);
  const before = sent();
  const answer = await vscode.commands.executeCommand('kgMemory.ask', QUESTION);
  assert.equal(answer, undefined);
  await vscode.commands.executeCommand('kgMemory.llm.extract');
  assert.equal(sent(), before);
}, 30_000);

export function run(): Promise<void> {
  return runAll('vscode-host-llm');
}
