/**
 * Extension-host run of the LLM layer
 * ===================================
 * `npx tsx test/vscode/llm_run.ts` — starts a loopback OpenAI-compatible chat server, points the
 * temp folder's workspace settings at it (kgMemory.llm.enabled, baseUrl), bundles suite/llm.ts
 * and runs it (harness.ts's hostRun) on a copy of test/fixtures/decisions/store. code-server has
 * no vscode.lm models, so the endpoint answers. Same host policy as run.ts: `KGSKIP <reason>`
 * and exit 0 when the host cannot run (1 with KG_MEMORY_REQUIRE_VSCODE_HOST=1).
 */
import { cpSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startOpenAiChatStub } from '../helpers/openai_chat_stub';
import { bundleSuites, hostRun, tempDir } from './harness';
import { ensureHost, HOST_REQUIRED, REPO_ROOT } from './host';

const EMPTY = { decisions: [], concepts: [], tradeOffs: [], principles: [], files: [] };

async function main(): Promise<number> {
  const why = ensureHost();
  if (why) {
    console.log(`KGSKIP VS Code extension-host tests (LLM layer): ${why}`);
    return HOST_REQUIRED ? 1 : 0;
  }
  if (!existsSync(join(REPO_ROOT, 'dist', 'extension.js'))) {
    console.log('dist/extension.js is missing: run `npm run build` first');
    return 1;
  }
  const stub = await startOpenAiChatStub((req) => {
    const system = req.body.messages?.[0]?.content ?? '';
    const user = req.body.messages?.find((m) => m.role === 'user')?.content ?? '';
    if (system.startsWith('You extract')) {
      return { content: JSON.stringify(user.includes('0002-payments') ? { ...EMPTY, decisions: [{ statement: 'All card payments go through PaymentGateway.', confidence: 0.9, symbols: ['PaymentGateway'] }] } : EMPTY) };
    }
    if (system.startsWith('You compare')) return { content: '{"scores": []}' };
    return { content: '**Why** One retry loop instead of three [ADR-0002].\n\nSources:\n- ADR-0002' };
  });
  try {
    const tmp = tempDir('kg-vscode-llm-');
    await bundleSuites(join(tmp, 'suite'), ['llm']);
    const folder = join(tmp, 'store');
    cpSync(join(REPO_ROOT, 'test', 'fixtures', 'decisions', 'store'), folder, { recursive: true });
    mkdirSync(join(folder, '.vscode'), { recursive: true });
    writeFileSync(join(folder, '.vscode', 'settings.json'), JSON.stringify({ 'kgMemory.llm.enabled': true, 'kgMemory.llm.baseUrl': stub.url, 'kgMemory.llm.model': 'host-model' }, null, 2));
    return await hostRun(join(tmp, 'suite', 'llm.js'), folder);
  } finally {
    await stub.close();
  }
}

main().then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
