// One lint setup for the whole repo (STYLE.md §11): strict typed rules, no floating promises,
// `===` only, braces always, and the layers' arrows pointing one way (DESIGN.md; the layers are
// listed below). These rules are the one place the boundaries are enforced (`npx eslint .` is part
// of `npm test`; tools/lint-layers.test.ts and web/src/lib/layers.test.ts show each one refusing).
import { readdirSync } from 'node:fs';
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The web app's folders: the shared homes (lib/, api/, components/), the shell (app/), the pages
 * (pages/), and every other folder of web/src/ a feature, so a new folder is a feature by default.
 */
const WEB_SHARED = ['lib', 'api', 'components'];
const WEB_FEATURES = readdirSync(new URL('web/src/', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && ![...WEB_SHARED, 'app', 'pages'].includes(entry.name))
  .map((entry) => entry.name);
/** An import, from a sibling folder, of one of the named web folders. */
const webFolderImport = (folders) => String.raw`^\.\./(\.\./)*(${folders.join('|')})/`;
/** An import of one of the web app's feature, page or shell folders, from a sibling folder. */
const WEB_FEATURE_IMPORT = webFolderImport([...WEB_FEATURES, 'app', 'pages']);
const WEB_SHELL_IMPORT = {
  regex: String.raw`^(\.{1,2}/)+app/`,
  message: 'Only the app shell (web/src/app/) and main.tsx import web/src/app/: it sits above every feature.',
};

/**
 * The layers of the repository, written once (docs/architecture.md, "The folders and their layers",
 * explains them): the arrows point one way, and each block below says it for one folder.
 *
 * - core/ imports nothing else of the repository and no Node module.
 * - web/ imports core/ and only types of server/ (the Hono RPC `ApiRoutes`).
 * - server/ never imports web/, tools/ or e2e/ (its tests may use tools/' stand-ins); inside it,
 *   SERVER_LAYERS lists what each folder may import besides core/, itself and the base modules.
 * - tools/ (not the product) imports anything but e2e/; e2e/ drives the built app and takes only
 *   server/test-support/ from the server.
 */
const SERVER_LAYERS = {
  routes: {
    may: ['services', 'auth', 'http', 'events', 'mail', 'security'],
    message: 'server/routes/ (the top layer) reaches data through services, never db/, integrations/, cache/ or jobs/.',
  },
  services: {
    may: ['db', 'integrations', 'auth', 'cache', 'events', 'jobs', 'mail', 'security'],
    message:
      'server/services/ (the use cases) import repositories, integrations and the infrastructure below, never routes/ or http/.',
  },
  http: {
    may: ['auth', 'security'],
    message: 'server/http/ (inbound request plumbing) imports only auth/ and security/ of the server folders.',
  },
  auth: {
    may: ['db', 'cache', 'jobs', 'mail', 'security'],
    message: 'server/auth/ imports only db/, cache/, jobs/, mail/ and security/ of the server folders.',
  },
  cache: { may: ['db'], message: 'server/cache/ imports only db/ of the server folders.' },
  events: { may: ['db'], message: 'server/events/ imports only db/ of the server folders.' },
  jobs: { may: ['db'], message: 'server/jobs/ imports only db/ of the server folders.' },
  mail: { may: [], message: 'server/mail/ imports no other server folder.' },
  integrations: {
    may: [],
    message: 'server/integrations/ (the clients of outside services) import no other server folder.',
  },
  db: {
    may: ['security'],
    message: 'server/db/ (repositories and the database) imports only security/ of the server folders.',
  },
  security: { may: [], message: 'server/security/ imports no other server folder.' },
};

/** The server's root modules that every layer may import: configuration, time, errors, logging. */
const SERVER_BASE_MODULES = [
  'config',
  'config-readers',
  'config-services',
  'clock',
  'errors',
  'logger',
  'log-output',
  'shutdown',
  'stop-signals',
  'spooled-file',
  'download',
];

/** Tests and their support may reach into any layer to set a case up. */
const SERVER_TESTS = ['server/**/*.test.ts', 'server/test-support/**'];

const SERVER_NOT_WEB = { regex: String.raw`^(\.{1,2}/)+(.+/)?web(/|$)`, message: 'server/ never imports from web/.' };

const SERVER_NOT_TOOLS = {
  regex: String.raw`^(\.{1,2}/)+(.+/)?(tools|e2e)/`,
  message: 'server/ imports no tools/ or e2e/: they are not the product (only its tests use the tools).',
};

const ONLY_TESTS = {
  regex: String.raw`^(\.{1,2}/)+test-support/`,
  message: 'Layers: only tests import server/test-support/.',
};

/** The server's root modules above every layer: the entry points and the composition around them. */
const SERVER_ENTRY_IMPORT = {
  regex: String.raw`^(\.{1,2}/)+(app|server|main|backup-main|restore-main|backup-command|control-channel)\.ts$`,
  message: "Layers: only the server's entry modules import server/app.ts, server.ts, main.ts and the backup commands.",
};

/** The import rule of a server file that is not a test: `may` names the server folders it may import. */
function serverLayer(may, message) {
  const refused = Object.keys(SERVER_LAYERS).filter((folder) => !may.includes(folder));
  const layer = { regex: String.raw`^(\.{1,2}/)+(${refused.join('|')})/`, message: `Layers: ${message}` };
  const patterns = [SERVER_NOT_WEB, SERVER_NOT_TOOLS, ONLY_TESTS, SERVER_ENTRY_IMPORT, layer];
  return { 'no-restricted-imports': ['error', { patterns }] };
}

/** The sentence of the rule that keeps the server's time and timers on its injected clock. */
const THROUGH_THE_CLOCK =
  'Server time goes through the injected Clock (server/clock.ts): clock.now(), clock.sleep(), clock.after(), clock.every().';

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
              regex: String.raw`^(\.{1,2}/)+(.+/)?(server|web|tools|e2e)(/|$)`,
              message: 'core/ is pure: it imports nothing from server/, web/, tools/ or e2e/, not even types.',
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
            { regex: String.raw`^(\.{1,2}/)+(.+/)?(tools|e2e)/`, message: 'web/ imports no tools/ or e2e/.' },
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
  // The server's own layers (SERVER_LAYERS above); the entry modules (server/*.ts but the base ones)
  // may import every folder. Tests and their support are exempt.
  {
    files: ['server/**/*.ts'],
    ignores: SERVER_TESTS,
    rules: { 'no-restricted-imports': ['error', { patterns: [SERVER_NOT_WEB, SERVER_NOT_TOOLS, ONLY_TESTS] }] },
  },
  ...Object.entries(SERVER_LAYERS).map(([folder, { may, message }]) => ({
    files: [`server/${folder}/**/*.ts`],
    ignores: SERVER_TESTS,
    rules: serverLayer([...may, folder], message),
  })),
  {
    files: SERVER_BASE_MODULES.map((name) => `server/${name}.ts`),
    rules: serverLayer(
      ['security'],
      "the server's base modules (configuration, time, errors, logging) import only security/.",
    ),
  },
  {
    // Dev tools, stand-ins and benchmarks may use any part of the product; the browser tests sit above them.
    files: ['tools/**/*.{ts,mjs}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: String.raw`^(\.{1,2}/)+e2e/`, message: 'Layers: tools/ imports no e2e/.' }] },
      ],
    },
  },
  {
    // Browser tests drive the built app over HTTP: core/, tools/ and the server's test support only.
    files: ['e2e/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(\.{1,2}/)+server/(?!test-support/)`,
              message: 'Layers: e2e/ takes only server/test-support/ from the server; it reaches the app over HTTP.',
            },
          ],
        },
      ],
    },
  },
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
    // Pages compose features; nothing below the shell imports it.
    files: ['web/src/pages/**/*.{ts,tsx}'],
    ignores: ['**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: [WEB_SHELL_IMPORT] }] },
  },
  // A feature imports no other feature and no page: what two features share lives in lib/, api/ or
  // components/, and a screen made of several features is a page.
  ...WEB_FEATURES.map((feature) => ({
    files: [`web/src/${feature}/**/*.{ts,tsx}`],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            WEB_SHELL_IMPORT,
            {
              regex: webFolderImport([...WEB_FEATURES.filter((other) => other !== feature), 'pages']),
              message: `web/src/${feature}/ imports no other feature or page: what features share lives in web/src/lib/, api/ or components/.`,
            },
          ],
        },
      ],
    },
  })),
  prettier,
);
