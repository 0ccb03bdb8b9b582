// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'coverage', 'playwright-report', 'test-results', 'data', '.tmp'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-console': 'off',
    },
  },
  {
    files: ['src/app/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The browser never imports server code (docs/architecture.md).
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**', 'node:*'], message: 'Browser code must not import server code.' }] }],
      'no-restricted-syntax': [
        'error',
        { selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']", message: 'Render Markdown through react-markdown with the sanitiser.' },
      ],
    },
  },
  {
    // Tests of the browser code may start a real loopback server (node:http); the code itself may not.
    files: ['src/app/**/*.test.{ts,tsx}', 'test-support/app/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/server/**'], message: 'Browser code must not import server code.' }] }],
    },
  },
  {
    files: ['src/server/**/*.ts', 'test-support/server/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**'], message: 'Server code must not import browser code.' }] }],
    },
  },
  {
    // Storage may answer with a promise (src/server/store/storage.ts): one not awaited, or tested
    // as a condition, is a bug that SQLite's synchronous answers would hide.
    files: ['src/server/**/*.ts', 'test-support/server/**/*.ts', 'e2e/**/*.ts', 'bench/**/*.ts', 'stress/**/*.ts', 'scripts/**/*.ts'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: false }],
    },
  },
  {
    files: ['src/shared/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ group: ['**/app/**', '**/server/**', 'node:*'], message: 'src/shared is pure: no I/O, no side imports.' }] }],
    },
  },
);
