import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Linter } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
let layerBlocks: Linter.Config[];

/** The repository's lint blocks for the web layers, run on a module's imports as if it stood at `file`. */
function lint(file: string, code: string): string[] {
  const linter = new Linter({ cwd: repoRoot });
  const messages = linter.verify(
    code,
    [{ files: ['**/*.{ts,tsx}'], languageOptions: { ecmaVersion: 'latest', sourceType: 'module' } }, ...layerBlocks],
    path.join(repoRoot, file),
  );
  return messages.map((message) => message.message);
}

beforeAll(async () => {
  const config = (await import(pathToFileURL(path.join(repoRoot, 'eslint.config.js')).href)) as {
    default: Linter.Config[];
  };
  layerBlocks = config.default.filter(
    (block) =>
      block.rules?.['no-restricted-imports'] !== undefined &&
      (block.files ?? []).some((pattern) => String(pattern).startsWith('web/src/')),
  );
});

const SHARED_MESSAGE = 'web/src/lib/, api/ and components/ import no feature, page or app-shell folder.';
const SHELL_MESSAGE =
  'Only the app shell (web/src/app/) and main.tsx import web/src/app/: it sits above every feature.';
const featureMessage = (feature: string) =>
  `web/src/${feature}/ imports no other feature or page: what features share lives in web/src/lib/, api/ or components/.`;
/** ESLint's sentence for an import a pattern refuses. */
const refused = (specifier: string, message: string) =>
  `'${specifier}' import is restricted from being used by a pattern. ${message}`;

describe('the web layers, as the linter holds them', () => {
  it('refuse a shared module that imports a feature', () => {
    const feature = '../activities/activities-api.ts';
    expect(lint('web/src/lib/example.ts', `import { useActivity } from '${feature}';\n`)).toEqual([
      refused(feature, SHARED_MESSAGE),
    ]);
    const page = '../pages/page-title.ts';
    expect(lint('web/src/components/Example.tsx', `import { pageTitle } from '${page}';\n`)).toEqual([
      refused(page, SHARED_MESSAGE),
    ]);
  });

  it('refuse a feature or a page that imports the app shell', () => {
    const events = '../app/use-server-events.ts';
    expect(lint('web/src/medals/Example.tsx', `import { useServerEvents } from '${events}';\n`)).toEqual([
      refused(events, SHELL_MESSAGE),
    ]);
    const guard = '../../app/RequireAuth.tsx';
    expect(lint('web/src/pages/auth/Example.tsx', `import { RequireAuth } from '${guard}';\n`)).toEqual([
      refused(guard, SHELL_MESSAGE),
    ]);
  });

  it('refuse a feature that imports another feature or a page', () => {
    const gear = '../../gear/GearCard.tsx';
    expect(lint('web/src/activities/list/Example.tsx', `import { GearCard } from '${gear}';\n`)).toEqual([
      refused(gear, featureMessage('activities')),
    ]);
    const activities = '../activities/activities-api.ts';
    expect(lint('web/src/gear/Example.tsx', `import { useEditActivity } from '${activities}';\n`)).toEqual([
      refused(activities, featureMessage('gear')),
    ]);
    const page = '../pages/ChartsPage.tsx';
    expect(lint('web/src/profile/Example.tsx', `import { ChartsPage } from '${page}';\n`)).toEqual([
      refused(page, featureMessage('profile')),
    ]);
  });

  it('let a feature import its own folders, and a page import any feature', () => {
    expect(
      lint(
        'web/src/activities/detail/Example.tsx',
        "import { useEditActivity } from '../activities-api.ts';\nimport { useActivity } from '../../activities/activities-api.ts';\n",
      ),
    ).toEqual([]);
    expect(lint('web/src/pages/Example.tsx', "import { GearCard } from '../gear/GearCard.tsx';\n")).toEqual([]);
  });

  it('let features import lib/, lib/ import api/ and core, and the shell import anything', () => {
    expect(lint('web/src/charts/Example.tsx', "import { PALETTE } from '../lib/palette.ts';\n")).toEqual([]);
    expect(
      lint(
        'web/src/lib/example.ts',
        "import { api } from '../api/client.ts';\nimport { PRODUCT_NAME } from '../../../core/product.ts';\n",
      ),
    ).toEqual([]);
    expect(lint('web/src/app/Example.tsx', "import { ChartsPage } from '../pages/ChartsPage.tsx';\n")).toEqual([]);
  });
});
