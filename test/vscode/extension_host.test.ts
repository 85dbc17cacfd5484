/**
 * The extension in a real VS Code extension host
 * ==============================================
 * Spawns test/vscode/run.ts (runTests → host/code-shim → code-server's VS Code 1.139 with headless
 * Chromium) and reports every in-host test as a subtest here, by name, so `npm test` shows each.
 * Skipped, with the reason, only when the host cannot be installed (see host.ts).
 */
import { hostSuiteTest } from './results';

hostSuiteTest('VS Code extension host (runTests on the fixture workspace, then a restart)', 'test/vscode/run.ts', 20 * 60_000);
