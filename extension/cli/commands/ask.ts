/**
 * ask and llm commands
 * ====================
 * The optional LLM layer from the shell: `kg-memory ask "question"` answers from the graph
 * (WHY → WHAT → WHERE, with checked sources), `kg-memory llm extract` puts the decisions,
 * concepts and trade-offs of the ADRs (and doc sections) in the graph's cache, `kg-memory llm
 * status` says whether the layer is on, which endpoint it would use and what has been sent.
 * Off unless KG_LLM_ENABLED=true; the CLI has no MCP client to sample from, so it uses the
 * OpenAI-compatible endpoint (KG_LLM_BASE_URL, KG_LLM_MODEL, the key in KG_LLM_API_KEY_ENV's
 * variable, default OPENAI_API_KEY).
 */
import { LlmLayer, type LlmStatus } from '../../core/llm/layer';
import { LlmError } from '../../core/llm/provider';
import { llmSettingsFromEnv } from '../../core/llm/settings';
import type { Workspace } from '../../core/workspace';
import { EXIT, indexWithProgress, openWorkspace, UsageError, writeJson } from './common';
import type { ExitCode } from './common';

export interface AskCommandOptions {
  root?: string;
  json?: boolean;
}

function layerFor(ws: Workspace, env: NodeJS.ProcessEnv = process.env): LlmLayer {
  const settings = llmSettingsFromEnv(env);
  const apiKey = env[settings.apiKeyEnv];
  return new LlmLayer(ws, { settings, ...(apiKey ? { apiKey } : {}), log: (level, message) => process.stderr.write(`kg-memory ${level}: ${message}\n`) });
}

/** A layer error as the CLI reports it: off is a configuration matter (exit 2), the rest no answer (exit 1). */
function report(err: unknown): ExitCode {
  if (err instanceof LlmError && err.code === 'disabled') throw new UsageError(err.message);
  if (err instanceof LlmError) {
    process.stderr.write(`kg-memory: ${err.message.replace(/^kg-memory\/llm: /, '')}\n`);
    return EXIT.noAnswer;
  }
  throw err;
}

export async function askCommand(question: string | undefined, options: AskCommandOptions): Promise<ExitCode> {
  if (!question?.trim()) throw new UsageError('ask: give the question, in quotes: kg-memory ask "why do we cache parsed files?"');
  const ws = await openWorkspace(options.root);
  try {
    const layer = layerFor(ws);
    if (!layer.enabled) throw new UsageError(`ask: ${layer.offReason ?? 'the LLM layer is off'}`);
    await indexWithProgress(ws);
    await layer.restore();
    try {
      const answer = await layer.ask(await layer.resolve(), question);
      if (options.json) writeJson(answer);
      else process.stdout.write(`${answer.answer}\n`);
      if (answer.removed.length && !options.json) process.stderr.write(`kg-memory: removed ${answer.removed.length} source(s) the graph did not give: ${answer.removed.join(', ')}\n`);
      return answer.grounded ? EXIT.ok : EXIT.noAnswer;
    } catch (err) {
      return report(err);
    }
  } finally {
    await ws.close();
  }
}

export interface LlmCommandOptions {
  root?: string;
  json?: boolean;
  force?: boolean;
  reconcile?: boolean;
}

function formatStatus(s: LlmStatus): string[] {
  const lines = [s.enabled ? `LLM layer: on${s.provider ? `, last provider ${s.provider}${s.model ? ` (${s.model})` : ''}` : ''}` : `LLM layer: off (${s.off ?? ''})`];
  lines.push(`Endpoint: ${s.endpoint.baseUrl}, model ${s.endpoint.model}, key ${s.endpoint.key}${s.endpoint.usable ? '' : ' (not usable: no key for the hosted default)'}`);
  lines.push(`Sent: ${s.sent.requests} request(s), ${s.sent.charsSent} characters, ${s.sent.failures} failed`);
  for (const [doc, c] of Object.entries(s.sent.byDocument).sort()) lines.push(`  ${doc}: ${c.requests} request(s), ${c.charsSent} characters`);
  lines.push(`Cache: ${s.cache.extractions} extraction(s), ${s.cache.pairs} pair score(s)${s.cache.discarded ? `; the old file was discarded (${s.cache.discarded})` : ''}`);
  lines.push(`Graph: ${s.graph.decisions} decision(s), ${s.graph.tradeOffs} trade-off(s), ${s.graph.concepts} extracted concept(s) from ${s.graph.sources} source(s)`);
  return lines;
}

export async function llmCommand(sub: string | undefined, options: LlmCommandOptions): Promise<ExitCode> {
  if (sub !== 'status' && sub !== 'extract') throw new UsageError('llm: say status or extract: kg-memory llm status | kg-memory llm extract [--force] [--no-reconcile]');
  const ws = await openWorkspace(options.root);
  try {
    const layer = layerFor(ws);
    await indexWithProgress(ws);
    if (layer.enabled) await layer.restore();
    if (sub === 'status') {
      const status = layer.status();
      if (options.json) writeJson(status);
      else process.stdout.write(`${formatStatus(status).join('\n')}\n`);
      return EXIT.ok;
    }
    if (!layer.enabled) throw new UsageError(`llm extract: ${layer.offReason ?? 'the LLM layer is off'}`);
    try {
      const provider = await layer.resolve();
      const extracted = await layer.extract(provider, { ...(options.force ? { force: true } : {}) });
      const reconciled = options.reconcile === false ? undefined : await layer.reconcile(provider);
      if (options.json) writeJson({ ...extracted, ...(reconciled ? { reconcile: { ...reconciled, matches: reconciled.matches.length } } : {}) });
      else {
        process.stdout.write(
          [
            `Extracted ${extracted.sources} source(s) with ${extracted.provider}: ${extracted.requests} request(s), ${extracted.cacheHits} from the cache, ${extracted.dropped} item(s) dropped`,
            `  ${extracted.decisions} decision(s), ${extracted.concepts} concept(s), ${extracted.tradeOffs} trade-off(s); ${extracted.nodes} node(s) and ${extracted.edges} edge(s) in the graph`,
            ...extracted.failed.map((f) => `  failed: ${f.path}:${f.startLine}: ${f.error}`),
            ...(reconciled ? [`Reconciled ${reconciled.pairs} pair(s) of ${reconciled.candidates} candidate(s): ${reconciled.matches.length} link(s), ${reconciled.clusters} cluster(s), ${reconciled.requests} request(s)`] : []),
            '',
          ].join('\n'),
        );
      }
      return extracted.failed.length > 0 && extracted.failed.length === extracted.sources ? EXIT.noAnswer : EXIT.ok;
    } catch (err) {
      return report(err);
    }
  } finally {
    await ws.close();
  }
}
