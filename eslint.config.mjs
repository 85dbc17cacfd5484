// The dependency rules of the architecture, enforced: the core never imports a host.
import tseslint from 'typescript-eslint';

const hostDirs = ['**/vscode/**', '**/mcp/**', '**/cli/**', '**/webview/**'];

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', 'test/fixtures/**', 'test/**/work/**', '**/*.mjs', '**/*.cjs'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['extension/core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'vscode', message: 'core knows nothing of VS Code: put this in extension/vscode.' }],
          patterns: [{ group: hostDirs.map((d) => d.replace('**/', '../**/')), message: 'core must not import a host (vscode, mcp, cli, webview).' },
            { group: ['**/extension/vscode/**', '**/extension/mcp/**', '**/extension/cli/**', '**/webview/**'], message: 'core must not import a host.' }],
        },
      ],
    },
  },
  {
    files: ['extension/mcp/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', {
        paths: [{ name: 'vscode', message: 'the MCP server runs outside VS Code too.' }],
        patterns: [{ group: ['**/vscode/**', '**/cli/**', '**/webview/**'], message: 'mcp imports only core.' }],
      }],
    },
  },
);
