// ESLint flat config for the app: core JS rules, typescript-eslint (syntax-only, no type info needed),
// the Rules of Hooks with the React Compiler's rules, and feature boundaries. Type checking stays with `tsc -b`.
import path from 'node:path';
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * Features never import features: a file under src/features/<name>/ may not import another feature, neither through
 * the alias ('@/features/<other>...') nor by a relative path that leaves its own folder. What several features share
 * lives in src/components, src/hooks, src/lib and src/types; a route in src/app/routes composes features.
 */
const featureBoundaries = {
  meta: {
    type: 'problem',
    messages: {
      cross:
        "The feature '{{own}}' imports the feature '{{target}}': move what is shared to src/components, src/hooks, src/lib or src/types, or compose both in a route (src/app/routes).",
    },
    schema: [],
  },
  create(context) {
    const features = `${path.sep}src${path.sep}features${path.sep}`;
    const featureOf = (file) => {
      const at = file.indexOf(features);
      return at < 0 ? null : file.slice(at + features.length).split(path.sep)[0];
    };
    const own = featureOf(context.filename);
    if (!own) return {};
    const check = (source) => {
      if (!source || source.type !== 'Literal' || typeof source.value !== 'string') return;
      const spec = source.value;
      let target = null;
      if (spec.startsWith('@/features/')) target = spec.split('/')[2] ?? null;
      else if (spec.startsWith('.')) target = featureOf(path.resolve(path.dirname(context.filename), spec) + path.sep);
      if (target && target !== own) context.report({ node: source, messageId: 'cross', data: { own, target } });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
    };
  },
};

/**
 * `x as unknown as T` tells the compiler to trust a type it cannot check. Rows read through supabase-js are typed by
 * the generated Database type: derive the screen's type from it (Tables<'x'> picked fields) or narrow with a guard
 * (src/lib/rows.ts, a zod schema for JSON). Only the jsdom shims of src/testing may cast that way.
 */
const noDoubleCast = {
  selector:
    'TSAsExpression > TSAsExpression.expression > TSUnknownKeyword.typeAnnotation, TSAsExpression > TSTypeAssertion.expression > TSUnknownKeyword.typeAnnotation',
  message:
    "No 'as unknown as': derive the type from the generated Database type or narrow the value with a guard (src/lib/rows.ts) or a zod schema.",
};

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'e2e/artifacts', 'playwright-report', 'test-results'] },
  {
    files: ['**/*.{ts,tsx,js}'],
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: { 'react-hooks': reactHooks, app: { rules: { 'feature-boundaries': featureBoundaries } } },
    rules: {
      'app/feature-boundaries': 'error',
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
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/testing/**'],
    rules: { 'no-restricted-syntax': ['error', noDoubleCast] },
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
        noDoubleCast,
      ],
    },
  },
  {
    // The layers features build on never import a feature.
    files: ['src/components/**', 'src/hooks/**', 'src/lib/**', 'src/types/**', 'src/config/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/**', '**/features/**'],
              message: 'Shared code never imports a feature; compose features in a route (src/app/routes).',
            },
          ],
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
    // The routes compose features: a feature's public index and its pages (routes/*), nothing deeper.
    files: ['src/app/routes/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^@/features/[^/]+/(?!routes/[^/]+$)',
              message: "A route composes a feature through its index ('@/features/<name>') or its pages (routes/*).",
            },
          ],
          paths: [{ name: 'sonner', importNames: ['toast', 'Toaster'], message: "Use toast from '@/lib/toast'." }],
        },
      ],
    },
  },
  {
    // The router lazy-loads the pages and reads the finance hub's cards for its role guards.
    files: ['src/app/*.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
);
