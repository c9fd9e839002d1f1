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

const SERVER_NOT_WEB = { regex: String.raw`^(\.{1,2}/)+(.+/)?web(/|$)`, message: 'server/ never imports from web/.' };

/** Tests and their support may reach into any layer to set a case up. */
const SERVER_TESTS = ['server/**/*.test.ts', 'server/test-support/**'];

/** The sentence of the rule that keeps the server's time and timers on its injected clock. */
const THROUGH_THE_CLOCK =
  'Server time goes through the injected Clock (server/clock.ts): clock.now(), clock.sleep(), clock.after(), clock.every().';

/** Why a layer must not import a server folder: the sentence ESLint answers with. */
const LAYER_MESSAGES = {
  'test-support': 'Layers: only tests import server/test-support/.',
  db: 'Layers: routes reach data through services, never server/db/ (repositories and the database).',
  integrations: 'Layers: only services call server/integrations/ (the clients of outside services).',
  routes: 'Layers: server/routes/ is the top layer; nothing below it imports it.',
  services: 'Layers: server/services/ calls repositories, integrations and http/, never the reverse.',
  http: 'Layers: repositories (server/db/) do not import server/http/.',
};

/**
 * The import rule of a server file that is not a test: never web/, never the test support, and
 * none of the named server folders. (One rule per file: a later block replaces an earlier one.)
 */
function serverLayer(...folders) {
  const patterns = ['test-support', ...folders].map((folder) => ({
    regex: String.raw`^(\.{1,2}/)+${folder}/`,
    message: LAYER_MESSAGES[folder],
  }));
  return { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB, ...patterns] }] };
}

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
  { files: ['server/**/*.ts'], rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB] }] } },
  // The server's own layers (README "Architecture"): routes -> services -> repositories (server/db) ->
  // the database; integrations and http/ below the services. Tests and their support are exempt.
  { files: ['server/**/*.ts'], ignores: SERVER_TESTS, rules: serverLayer() },
  { files: ['server/routes/**/*.ts'], ignores: SERVER_TESTS, rules: serverLayer('db', 'integrations') },
  { files: ['server/services/**/*.ts'], ignores: SERVER_TESTS, rules: serverLayer('routes') },
  {
    files: ['server/db/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: serverLayer('routes', 'services', 'http', 'integrations'),
  },
  { files: ['server/integrations/**/*.ts'], ignores: SERVER_TESTS, rules: serverLayer('routes', 'services') },
  { files: ['server/http/**/*.ts'], ignores: SERVER_TESTS, rules: serverLayer('routes', 'services') },
  {
    // Every wait, timer and reading of the time in the server goes through the injected Clock
    // (server/clock.ts), so a test's clock decides when each one ends. A real timer that must stay
    // one is allowed where it is, with an eslint-disable comment saying why.
    files: ['server/**/*.ts'],
    ignores: [...SERVER_TESTS, 'server/clock.ts'],
    rules: {
      'no-restricted-globals': [
        'error',
        ...['setTimeout', 'setInterval'].map((name) => ({ name, message: THROUGH_THE_CLOCK })),
      ],
      'no-restricted-properties': [
        'error',
        { object: 'Date', property: 'now', message: THROUGH_THE_CLOCK },
        { object: 'AbortSignal', property: 'timeout', message: THROUGH_THE_CLOCK },
        ...['setTimeout', 'setInterval'].map((property) => ({
          object: 'globalThis',
          property,
          message: THROUGH_THE_CLOCK,
        })),
      ],
      'no-restricted-syntax': [
        'error',
        { selector: "NewExpression[callee.name='Date'][arguments.length=0]", message: THROUGH_THE_CLOCK },
        {
          selector: String.raw`ImportDeclaration[source.value=/^(node:)?timers(\/promises)?$/]`,
          message: THROUGH_THE_CLOCK,
        },
      ],
    },
  },
  {
    // The web app's layers: lib/ (palette, time zone, query keys, units, form plumbing) is the
    // one home of what several features use, so it imports no feature, page or shell folder; api/
    // and components/ below it are leaves as well. Features import lib/, never the app shell.
    files: ['web/src/lib/**/*.{ts,tsx}', 'web/src/api/**/*.{ts,tsx}', 'web/src/components/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: WEB_FEATURE_IMPORT,
              message: 'web/src/lib/, api/ and components/ import no feature, page or app-shell folder.',
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
      'web/src/lib/**',
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
  prettier,
);
