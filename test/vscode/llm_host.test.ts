/**
 * The LLM layer in a real VS Code extension host
 * ==============================================
 * Spawns test/vscode/llm_run.ts and reports every in-host test as a subtest: KG Memory: Ask,
 * Extract Decisions from Prose, the @kg participant, and the off switch.
 */
import { hostSuiteTest } from './results';

hostSuiteTest('VS Code extension host: the LLM layer (Ask, Extract, @kg, off)', 'test/vscode/llm_run.ts', 10 * 60_000);
