// Lint for the whole repository (`npm run lint`, part of `npm test`): typescript-eslint's
// recommended rules, import hygiene, and the layering the code relies on: src/core has no
// `vscode`, src/webview no Node built-ins, and no module imports itself in a circle.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'node_modules/**', '.cache/**', '.test-output/**', '**/*.vsix'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,mjs,js,cjs}'],
    plugins: { 'import-x': importX },
    languageOptions: { globals: { ...globals.node } },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.mjs', '.js', '.json', '.node'] })],
      'import-x/core-modules': ['vscode'],
      // no-cycle follows imports only into files it can parse.
      'import-x/extensions': ['.ts', '.mjs', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] },
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-self-import': 'error',
      'import-x/no-duplicates': 'error',
      'import-x/no-unresolved': ['error', { ignore: ['^vscode$'] }],
      // Unused names are the compiler's job (noUnusedLocals); `_` marks a deliberate one.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // The pure core runs in the CLI and, later, a browser: no editor API.
    files: ['src/core/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core is pure TypeScript: no vscode import.' }] }],
    },
  },
  {
    // The preview's script runs in a webview: a browser, no Node.
    files: ['src/webview/**/*.ts'],
    languageOptions: { globals: { ...globals.browser } },
    rules: { 'import-x/no-nodejs-modules': 'error' },
  },
  {
    // CommonJS files of the test tooling (mocha's reporter, fixture builders).
    files: ['**/*.{js,cjs}'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    // Tests load CommonJS fixtures and suites at run time, and reference implementations
    // spell out the control characters a runtime treats as white space.
    files: ['test/**/*.ts'],
    rules: { '@typescript-eslint/no-require-imports': 'off', 'no-control-regex': 'off' },
  },
);
