// One lint setup for the whole repo (STYLE.md §11): strict typed rules, no floating promises,
// `===` only, braces always, and the layers' arrows pointing one way (DESIGN.md): core/ imports
// nothing from server/ or web/ and no Node module; web/ takes only types from server/ (the Hono
// RPC `ApiRoutes`); server/ never imports web/. These rules are the one place the boundaries are
// enforced (`npx eslint .` is part of `npm test`).
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/** An import of one of the web app's feature, page or shell folders, from a sibling folder. */
const WEB_FEATURE_IMPORT = String.raw`^\.\./(\.\./)*(account|activities|analytics|app|auth|calculators|charts|medals|pages|planner|profile|strava|training|weather|wellbeing)/`;

export default tseslint.config(
  { ignores: ['dist/**', 'data/**', 'tmp/**', 'node_modules/**', 'test-results/**', 'docs/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    rules: {
      eqeqeq: ['error', 'always'],
      curly: ['error', 'all'],
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  {
    // Tests run in Node and may read files; the modules themselves stay pure.
    files: ['core/**/*.ts'],
    ignores: ['core/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.{1,2}/)+(.+/)?(server|web)(/|$)`,
              message: 'core/ is pure: it imports nothing from server/ or web/, not even types.',
            },
            {
              group: ['node:*', ...builtinModules.flatMap((name) => [name, `${name}/**`])],
              message: 'core/ touches no disk, network or process: no Node built-in modules.',
            },
          ],
        },
      ],
      'no-restricted-syntax': [
        'error',
        { selector: 'ImportExpression', message: 'core/ loads no modules at run time.' },
        { selector: "CallExpression[callee.name='require']", message: 'core/ loads no modules at run time.' },
      ],
    },
  },
  {
    // The web app reaches the server over HTTP only; the route types make its client typed.
    files: ['web/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.{1,2}/)+(.+/)?server(/|$)`,
              allowTypeImports: true,
              message: 'web/ may import only types from server/ (`import type { ApiRoutes } ...`).',
            },
          ],
        },
      ],
      // `import { type X }` passes the rule above but still loads the module (verbatimModuleSyntax).
      'no-restricted-syntax': [
        'error',
        {
          selector:
            "ImportDeclaration[importKind='value'][source.value=/(^|\\/)server(\\/|$)/]:not(:has(ImportSpecifier[importKind='value'], ImportDefaultSpecifier, ImportNamespaceSpecifier))",
          message: 'Import types from server/ with `import type { ... }`, which loads nothing at run time.',
        },
      ],
    },
  },
  {
    // The web app's layers: shared/ (palette, time zone, query keys, units, form plumbing) is the
    // one home of what several features use, so it imports no feature, page or shell folder; api/
    // and components/ below it are leaves as well. Features import shared/, never the app shell.
    files: ['web/src/shared/**/*.{ts,tsx}', 'web/src/api/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: WEB_FEATURE_IMPORT,
              message: 'web/src/shared/, api/ and components/ import no feature, page or app-shell folder.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: [
      'web/src/app/**',
      'web/src/main.tsx',
      'web/src/shared/**',
      'web/src/api/**',
      'web/src/components/**',
      '**/*.test.ts',
    ],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.{1,2}/)+app/`,
              message:
                'Only the app shell (web/src/app/) and main.tsx import web/src/app/: it sits above every feature.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['server/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [{ regex: String.raw`^(\.{1,2}/)+(.+/)?web(/|$)`, message: 'server/ never imports from web/.' }],
        },
      ],
    },
  },
  prettier,
);
