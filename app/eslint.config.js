// ESLint flat config for the app: core JS rules, typescript-eslint (syntax-only, no type info needed),
// the Rules of Hooks with the React Compiler's rules, and feature boundaries. Type checking stays with `tsc -b`.
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
      // The Rules of Hooks and the React Compiler's rules (set-state-in-effect, refs, purity, static
      // components...): a justified exception is an eslint-disable comment that says why.
      ...reactHooks.configs['recommended-latest'].rules,
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
              message:
                "Import another feature through its index ('@/features/<name>'), or move what is shared to src/components, src/hooks or src/lib.",
            },
          ],
          // sonner loads after the first screen (src/lib/toast.ts); a direct import would put it back in the entry.
          paths: [{ name: 'sonner', importNames: ['toast', 'Toaster'], message: "Use toast from '@/lib/toast'." }],
        },
      ],
    },
  },
  {
    // The two modules that load sonner, and the test setup that clears its toasts between tests.
    files: ['src/lib/toast.ts', 'src/components/ui/toaster.tsx', 'src/testing/setup.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    // Tests talk to the MSW stand-in of Supabase (src/testing/supabase-server.ts) through the real client;
    // a mocked client records calls without applying them.
    files: ['src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "CallExpression[callee.object.name='vi'][callee.property.name='mock'][arguments.0.value=/supabase/]",
          message: 'Use the MSW stand-in (src/testing/supabase-server.ts) instead of mocking the Supabase client.',
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
