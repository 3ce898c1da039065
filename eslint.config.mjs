// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['node_modules/**', 'dist/**', 'out/**', '.vscode-test/**', 'test-results/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      eqeqeq: ['error', 'smart'],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'vscode may be imported only in src/ and test/vscode/.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/**/*.ts', 'test/vscode/**/*.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['core/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['vscode', 'vscode-languageserver*', 'vscode-languageclient*'],
              message: 'core/ imports no vscode and no LSP.',
            },
            {
              group: ['**/server/**', '**/src/**', '**/cli/**', '**/sandbox/**'],
              message: 'core/ depends on nothing else in the project.',
            },
          ],
        },
      ],
    },
  },
  {
    // The webview panels run in a browser, under a CSP, showing untrusted text from the API.
    files: ['media/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'zod',
              message: 'Panels use zod/mini (media/results/protocol.ts): bundle size.',
            },
          ],
          patterns: [
            {
              group: ['vscode', '**/src/**', '**/server/**', '**/cli/**', '**/sandbox/**'],
              message:
                'A panel talks to the extension only through its protocol (media/<panel>/protocol.ts).',
            },
            {
              // core/api/schemas are zod/mini, which panels may compose; the client pulls undici.
              group: ['**/core/api/client/**', '**/core/api/contract'],
              message: 'The client and the contract are the extension side: use core/api/schemas.',
            },
          ],
        },
      ],
      // API strings are text: never parsed as HTML.
      'no-restricted-properties': [
        'error',
        { property: 'innerHTML', message: 'Build nodes (media/shared/dom.ts); never parse HTML.' },
        { property: 'outerHTML', message: 'Build nodes (media/shared/dom.ts); never parse HTML.' },
        { property: 'insertAdjacentHTML', message: 'Build nodes; never parse HTML.' },
        { object: 'document', property: 'write', message: 'Build nodes; never parse HTML.' },
      ],
      'no-restricted-globals': ['error', { name: 'eval', message: 'The CSP forbids eval.' }],
    },
  },
  {
    files: ['test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      globals: { ...globals.node },
    },
  },
  {
    // CommonJS, where a preload must be (test/bench/processUsage.cjs): `require` is its import.
    files: ['**/*.cjs'],
    ...tseslint.configs.disableTypeChecked,
    languageOptions: {
      ...tseslint.configs.disableTypeChecked.languageOptions,
      sourceType: 'commonjs',
      globals: { ...globals.node },
    },
    rules: {
      ...tseslint.configs.disableTypeChecked.rules,
      '@typescript-eslint/no-require-imports': 'off',
    },
  },
);
