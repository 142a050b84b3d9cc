// ESLint flat config for the app: core JS rules, typescript-eslint (syntax-only, no type info needed)
// and the Rules of Hooks. Type checking itself stays with `tsc -b`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'playwright-report', 'test-results'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      // Only the two classic hook rules: the plugin's v7 "recommended" also enables the React Compiler
      // rules (set-state-in-effect, refs, purity...), which would need refactors across every feature.
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      // `_name` marks a deliberately unused argument or destructured rest sibling.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      // A feature is entered through its public index ('@/features/x'); what several features share lives in
      // src/components, src/hooks and src/lib. A feature reaches its own files by relative paths.
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*/**'],
              message: "Import another feature through its index ('@/features/<name>'), or move what is shared to src/components, src/hooks or src/lib.",
            },
          ],
        },
      ],
    },
  },
  {
    // The app shell (router, gates) is the composition root: it lazy-loads route modules, so it may import them deeply.
    files: ['src/app/**'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
