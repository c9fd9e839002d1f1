/**
 * The layers hold by the linter (eslint.config.js): for every layer rule, a file that imports across
 * it the wrong way fails `npx eslint` with the rule's sentence; files importing the right way pass.
 */
import path from 'node:path';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
let eslint: ESLint;

beforeAll(async () => {
  // The probes are not files of the TypeScript project: lint them without type information.
  eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });
  // Loading the configuration and its plugins is the slow part; it happens here, once.
  await eslint.lintText('', { filePath: path.join(root, 'server/layer-probe.ts') });
}, 120_000);

const IMPORT_RULES = new Set(['no-restricted-imports', '@typescript-eslint/no-restricted-imports']);

/** The messages of the import rules for `code` as if it were the file at `filePath`. */
async function importErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId !== null && IMPORT_RULES.has(message.ruleId))
    .map((message) => message.message);
}

const restricted = (source: string, sentence: string) =>
  `'${source}' import is restricted from being used by a pattern. ${sentence}`;

/** A layer's rule: a file at `file` importing `source` is refused with `sentence`. */
interface Refusal {
  rule: string;
  file: string;
  source: string;
  sentence: string;
}

const REFUSALS: Refusal[] = [
  {
    rule: 'core/ imports nothing else of the repository',
    file: 'core/layer-probe.ts',
    source: '../server/db/db.ts',
    sentence: 'core/ is pure: it imports nothing from server/, web/, tools/ or e2e/, not even types.',
  },
  {
    rule: 'core/ imports no Node module',
    file: 'core/activity/layer-probe.ts',
    source: 'node:fs',
    sentence: 'core/ touches no disk, network or process: no Node built-in modules.',
  },
  {
    rule: 'web/ takes only types from server/',
    file: 'web/src/charts/layer-probe.ts',
    source: '../../../server/app.ts',
    sentence: 'web/ may import only types from server/ (`import type { ApiRoutes } ...`).',
  },
  {
    rule: 'web/ imports no tools/ or e2e/',
    file: 'web/src/lib/layer-probe.ts',
    source: '../../../tools/app-icons.ts',
    sentence: 'web/ imports no tools/ or e2e/.',
  },
  {
    rule: 'server/ never imports web/',
    file: 'server/layer-probe.ts',
    source: '../web/src/lib/palette.ts',
    sentence: 'server/ never imports from web/.',
  },
  {
    rule: 'server/ product code imports no tools/ or e2e/',
    file: 'server/services/layer-probe.ts',
    source: '../../tools/strava-simulator/strava-simulator.ts',
    sentence: 'server/ imports no tools/ or e2e/: they are not the product (only its tests use the tools).',
  },
  {
    rule: 'only tests import server/test-support/',
    file: 'server/services/layer-probe.ts',
    source: '../test-support/clock.ts',
    sentence: 'Layers: only tests import server/test-support/.',
  },
  {
    rule: "only the server's entry modules import them",
    file: 'server/http/layer-probe.ts',
    source: '../app.ts',
    sentence:
      "Layers: only the server's entry modules import server/app.ts, server.ts, main.ts and the backup commands.",
  },
  {
    rule: 'routes reach data through services',
    file: 'server/routes/layer-probe.ts',
    source: '../db/db.ts',
    sentence:
      'Layers: server/routes/ (the top layer) reaches data through services, never db/, integrations/, cache/ or jobs/.',
  },
  {
    rule: 'services never import http/',
    file: 'server/services/strava/layer-probe.ts',
    source: '../../http/same-origin.ts',
    sentence:
      'Layers: server/services/ (the use cases) import repositories, integrations and the infrastructure below, never routes/ or http/.',
  },
  {
    rule: 'http/ never imports a service',
    file: 'server/http/layer-probe.ts',
    source: '../services/services.ts',
    sentence: 'Layers: server/http/ (inbound request plumbing) imports only auth/ and security/ of the server folders.',
  },
  {
    rule: 'auth/ never imports http/ (no two-way tie)',
    file: 'server/auth/layer-probe.ts',
    source: '../http/same-origin.ts',
    sentence: 'Layers: server/auth/ imports only db/, cache/, jobs/, mail/ and security/ of the server folders.',
  },
  {
    rule: 'cache/ imports only db/',
    file: 'server/cache/layer-probe.ts',
    source: '../auth/auth.ts',
    sentence: 'Layers: server/cache/ imports only db/ of the server folders.',
  },
  {
    rule: 'events/ imports only db/',
    file: 'server/events/layer-probe.ts',
    source: '../cache/session-cache.ts',
    sentence: 'Layers: server/events/ imports only db/ of the server folders.',
  },
  {
    rule: 'jobs/ imports only db/',
    file: 'server/jobs/layer-probe.ts',
    source: '../services/services.ts',
    sentence: 'Layers: server/jobs/ imports only db/ of the server folders.',
  },
  {
    rule: 'mail/ imports no other server folder',
    file: 'server/mail/layer-probe.ts',
    source: '../db/db.ts',
    sentence: 'Layers: server/mail/ imports no other server folder.',
  },
  {
    rule: 'integrations/ import no other server folder',
    file: 'server/integrations/weather/layer-probe.ts',
    source: '../../http/errors.ts',
    sentence: 'Layers: server/integrations/ (the clients of outside services) import no other server folder.',
  },
  {
    rule: 'db/ imports only security/',
    file: 'server/db/layer-probe.ts',
    source: '../services/services.ts',
    sentence: 'Layers: server/db/ (repositories and the database) imports only security/ of the server folders.',
  },
  {
    rule: 'security/ imports no other server folder',
    file: 'server/security/layer-probe.ts',
    source: '../db/db.ts',
    sentence: 'Layers: server/security/ imports no other server folder.',
  },
  {
    rule: "the server's base modules import only security/",
    file: 'server/logger.ts',
    source: './db/db.ts',
    sentence: "Layers: the server's base modules (configuration, time, errors, logging) import only security/.",
  },
  {
    rule: 'tools/ imports no e2e/',
    file: 'tools/bench/layer-probe.ts',
    source: '../../e2e/support/api.ts',
    sentence: 'Layers: tools/ imports no e2e/.',
  },
  {
    rule: 'e2e/ takes only the test support from the server',
    file: 'e2e/support/layer-probe.ts',
    source: '../../server/db/database.ts',
    sentence: 'Layers: e2e/ takes only server/test-support/ from the server; it reaches the app over HTTP.',
  },
];

describe('the layers in ESLint', () => {
  it.each(REFUSALS)('$rule', async ({ file, source, sentence }) => {
    expect(await importErrors(`import * as probe from '${source}';\nexport { probe };\n`, file)).toEqual([
      restricted(source, sentence),
    ]);
  });

  it.each([
    { file: 'web/src/charts/layer-probe.ts', code: "import type { ApiRoutes } from '../../../server/app.ts';" },
    { file: 'server/routes/layer-probe.ts', code: "import type { Services } from '../services/services.ts';" },
    {
      file: 'server/services/layer-probe.ts',
      code: "import { createWeatherClient } from '../integrations/weather/open-meteo-client.ts';",
    },
    { file: 'server/http/layer-probe.ts', code: "import type { Auth } from '../auth/auth.ts';" },
    { file: 'server/auth/layer-probe.ts', code: "import { allowedOrigins } from '../security/allowed-origins.ts';" },
    {
      file: 'server/integrations/weather/layer-probe.ts',
      code: "import { readCappedJson } from '../upstream-body.ts';",
    },
    { file: 'server/db/layer-probe.ts', code: "import { REAL_CLOCK } from '../clock.ts';" },
    { file: 'server/server.ts', code: "import { createApp } from './app.ts';" },
    { file: 'server/routes/layer-probe.db.test.ts', code: "import { fixedClock } from '../test-support/clock.ts';" },
    {
      file: 'server/routes/layer-probe.db.test.ts',
      code: "import { startSmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';",
    },
    {
      file: 'e2e/support/layer-probe.ts',
      code: "import { migratePglite } from '../../server/test-support/database-template.ts';",
    },
  ])('lets $file import what its layer may: $code', async ({ file, code }) => {
    expect(await importErrors(`${code}\n`, file)).toEqual([]);
  });
});

describe("the server's time in ESLint", () => {
  const TIMER_RULES = new Set(['no-restricted-globals', 'no-restricted-properties', 'no-restricted-syntax']);
  /** Where `code`, as the file at `filePath`, reads the time or sets a timer without the clock. */
  async function clockErrors(code: string, filePath: string): Promise<string[]> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
    return (result?.messages ?? [])
      .filter((message) => message.ruleId !== null && TIMER_RULES.has(message.ruleId))
      .map((message) => `${message.line}: ${message.message.split('. ')[0]}`);
  }

  const code = [
    'export const started = Date.now();',
    'export const stamp = new Date();',
    'export const timer = setTimeout(() => undefined, 10);',
    'export const poll = setInterval(() => undefined, 10);',
    'export const deadline = AbortSignal.timeout(10);',
    '',
  ].join('\n');

  it('refuses setTimeout, setInterval, Date.now, new Date() and AbortSignal.timeout in server code', async () => {
    expect(await clockErrors(code, 'server/services/layer-probe.ts')).toEqual([
      "1: 'Date.now' is restricted from being used",
      '2: Server time goes through the injected Clock (server/clock.ts): clock.now(), clock.sleep(), clock.after(), clock.every().',
      "3: Unexpected use of 'setTimeout'",
      "4: Unexpected use of 'setInterval'",
      "5: 'AbortSignal.timeout' is restricted from being used",
    ]);
  });

  it('lets the clock module and tests use the machine’s timers', async () => {
    expect(await clockErrors(code, 'server/clock.ts')).toEqual([]);
    expect(await clockErrors(code, 'server/routes/layer-probe.db.test.ts')).toEqual([]);
  });
});
