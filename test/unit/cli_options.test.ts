/**
 * Indexing limits from the environment (what an MCP client's `env` block sets).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { optionsFromEnv, UsageError } from '../../extension/cli/commands/common';

describe('optionsFromEnv', () => {
  it('reads globs and limits', () => {
    assert.deepEqual(optionsFromEnv({ KG_MEMORY_INCLUDE: 'src/**, lib/**', KG_MEMORY_EXCLUDE: 'vendor/', KG_MEMORY_MAX_FILE_SIZE: '2048', KG_MEMORY_MAX_FILES: '10' }), {
      include: ['src/**', 'lib/**'],
      exclude: ['vendor/'],
      maxFileSize: 2048,
      maxFiles: 10,
    });
  });

  it('leaves unset values to the defaults', () => {
    assert.deepEqual(optionsFromEnv({ KG_MEMORY_INCLUDE: ' , ' }), {});
  });

  it('rejects a limit that is not a positive whole number, naming the variable', () => {
    assert.throws(() => optionsFromEnv({ KG_MEMORY_MAX_FILES: 'many' }), (err: unknown) => err instanceof UsageError && /KG_MEMORY_MAX_FILES/.test(err.message));
  });
});
