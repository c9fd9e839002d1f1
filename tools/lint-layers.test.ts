/**
 * The server's layers hold by the linter (eslint.config.js): a file that imports across a layer the
 * wrong way fails `npx eslint` with the layer's sentence; the same file importing the right way passes.
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

/** The messages of the import rule for `code` as if it were the file at `filePath`. */
async function importErrors(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

const restricted = (source: string, sentence: string) =>
  `'${source}' import is restricted from being used by a pattern. ${sentence}`;

describe('the server layers in ESLint', () => {
  it('refuses a route importing the database, and lets it import a service', async () => {
    expect(await importErrors("export type { Db } from '../db/db.ts';\n", 'server/routes/layer-probe.ts')).toEqual([
      restricted(
        '../db/db.ts',
        'Layers: routes reach data through services, never server/db/ (repositories and the database).',
      ),
    ]);
    expect(
      await importErrors("export type { Services } from '../services/services.ts';\n", 'server/routes/layer-probe.ts'),
    ).toEqual([]);
  });

  it('refuses http/ importing a service or a route, and a repository importing a service', async () => {
    expect(
      await importErrors("export type { Services } from '../services/services.ts';\n", 'server/http/layer-probe.ts'),
    ).toEqual([
      restricted(
        '../services/services.ts',
        'Layers: server/services/ calls repositories, integrations and http/, never the reverse.',
      ),
    ]);
    expect(
      await importErrors("export type { RouteDeps } from '../routes/deps.ts';\n", 'server/http/layer-probe.ts'),
    ).toEqual([
      restricted('../routes/deps.ts', 'Layers: server/routes/ is the top layer; nothing below it imports it.'),
    ]);
    expect(
      await importErrors("export type { Services } from '../services/services.ts';\n", 'server/db/layer-probe.ts'),
    ).toEqual([
      restricted(
        '../services/services.ts',
        'Layers: server/services/ calls repositories, integrations and http/, never the reverse.',
      ),
    ]);
  });

  it('refuses an integration importing a service, and lets a service use an integration', async () => {
    expect(
      await importErrors(
        "export type { Services } from '../../services/services.ts';\n",
        'server/integrations/strava/layer-probe.ts',
      ),
    ).toEqual([
      restricted(
        '../../services/services.ts',
        'Layers: server/services/ calls repositories, integrations and http/, never the reverse.',
      ),
    ]);
    expect(
      await importErrors(
        "export type { StravaClient } from '../integrations/strava/strava-client.ts';\n",
        'server/services/layer-probe.ts',
      ),
    ).toEqual([]);
  });

  it('keeps the test support to tests', async () => {
    const code = "export { fixedClock } from '../test-support/clock.ts';\n";
    expect(await importErrors(code, 'server/services/layer-probe.ts')).toEqual([
      restricted('../test-support/clock.ts', 'Layers: only tests import server/test-support/.'),
    ]);
    expect(await importErrors(code, 'server/routes/layer-probe.db.test.ts')).toEqual([]);
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
