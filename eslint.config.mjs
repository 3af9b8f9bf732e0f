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
    ignores: ['src/extension/**/node/**'], // Node host only (git checkpoints); built into dist/extension.node.js alone
    rules: {
      'no-restricted-imports': ['error', { patterns: ['node:*', 'fs', 'path', 'os', 'child_process', 'buffer'] }],
    },
  },
  {
    // Messages quote untrusted text (paths, lines, parse errors) and VS Code renders links and icons in them:
    // they go through src/extension/messages/notify.ts, which escapes them (untrusted.ts). Quick picks would too.
    files: ['src/extension/**/*.ts'],
    ignores: ['src/extension/messages/notify.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='only']", message: 'no .only in tests' },
        {
          selector: "MemberExpression[property.name=/^(showInformationMessage|showWarningMessage|showErrorMessage|setStatusBarMessage|showQuickPick|createQuickPick)$/]",
          message: 'show messages through src/extension/messages/notify.ts (it escapes untrusted text)',
        },
      ],
    },
  },
);
