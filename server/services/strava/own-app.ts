/**
 * Which Strava app a runner connects through: the server's (STRAVA_CLIENT_ID/SECRET) or the
 * runner's own app, whose client secret is stored sealed. A connection remembers the app it was
 * made with (clientId null for the server's) and keeps using that one.
 */
import type { OwnAppBody } from '../../../core/strava/api.ts';
import type { StravaConfig } from '../../config.ts';
import { deleteUserApp, findUserApp, saveUserApp } from '../../db/strava-user-app-repository.ts';
import type { StravaCredentials } from '../../integrations/strava/strava-client.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { SECRET_PURPOSE, type SealedSecretOpener } from './strava-sealed-secrets.ts';
import type { WiringContext } from '../service-context.ts';

export type OwnAppDeps = Pick<WiringContext, 'db' | 'clock'> & {
  config: StravaConfig;
  box: SecretBox;
  openSealed: SealedSecretOpener;
};

export function createOwnApps(deps: OwnAppDeps) {
  const { db, config, box, openSealed, clock } = deps;

  /** The runner's own app, when one is stored and its secret still opens. */
  async function ownApp(userId: string): Promise<StravaCredentials | null> {
    const app = await findUserApp(db, userId);
    const secret = app ? openSealed(app.clientSecret, SECRET_PURPOSE.secret) : null;
    return app && secret ? { clientId: app.clientId, clientSecret: secret } : null;
  }

  function serverApp(): StravaCredentials | null {
    return config.clientId && config.clientSecret
      ? { clientId: config.clientId, clientSecret: config.clientSecret }
      : null;
  }

  /** The app a connection was made with: the server's (clientId null) or the user's own. */
  async function credentialsFor(userId: string, clientId: string | null): Promise<StravaCredentials | null> {
    if (clientId === null) {
      return serverApp();
    }
    const own = await ownApp(userId);
    return own?.clientId === clientId ? own : null;
  }

  async function saveOwnApp(userId: string, body: OwnAppBody): Promise<void> {
    await saveUserApp(
      db,
      userId,
      body.clientId,
      box.seal(body.clientSecret, SECRET_PURPOSE.secret),
      new Date(clock.now()),
    );
  }

  async function removeOwnApp(userId: string): Promise<void> {
    await deleteUserApp(db, userId);
  }

  return {
    ownApp,
    serverApp,
    credentialsFor,
    saveOwnApp,
    removeOwnApp,
    ownAppClientId: async (userId: string) => (await findUserApp(db, userId))?.clientId ?? null,
    serverConfigured: () => serverApp() !== null,
  };
}

export type OwnApps = ReturnType<typeof createOwnApps>;
