import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.tools/**', 'demo/**', 'test/corpus/cases/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'no .only in tests' }],
    },
  },
  {
    // The engine runs in Node, browsers and web workers: it must never see the editor's API or Node's.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: ['vscode', 'node:*', 'fs', 'path', 'child_process'] }],
    },
  },
  {
    // The extension also runs in the web-worker host (package.json "browser"): vscode.workspace.fs, never Node.
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/node/**'], // Node host only (git checkpoints); built into dist/extension.node.js alone
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'os', 'child_process', 'buffer'] }],
    },
  },
);
