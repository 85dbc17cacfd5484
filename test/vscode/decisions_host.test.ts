/**
 * The decision surfaces in a real VS Code extension host
 * ======================================================
 * Spawns test/vscode/run_decisions.ts and reports every in-host test as a subtest: the "governed
 * by" lenses and hover, the record's "governs N" lens and stale-mention warnings, and both
 * updating when the record or the code it names is edited and saved.
 */
import { hostSuiteTest } from './results';

hostSuiteTest('VS Code extension host: decision lenses, hover and diagnostics (decisions/store)', 'test/vscode/run_decisions.ts', 10 * 60_000);
