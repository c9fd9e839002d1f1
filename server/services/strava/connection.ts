/**
 * The Strava connection of one user (spec §4 "Fitness-service connection", §5 "Tokens", §8), put
 * together from its three parts: the app a runner connects through (own-app.ts), the stored tokens
 * and their refresh (strava-tokens.ts), and OAuth connect and disconnect (strava-oauth.ts).
 */
import type { StravaConfig } from '../../config.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import { createOwnApps } from './own-app.ts';
import { createStravaOAuth } from './strava-oauth.ts';
import { createSealedSecretOpener } from './strava-sealed-secrets.ts';
import { createStravaTokens } from './strava-tokens.ts';
import type { WiringContext } from '../service-context.ts';

export type ConnectionDeps = Pick<WiringContext, 'db' | 'events' | 'logger' | 'clock' | 'changes'> & {
  config: StravaConfig;
  client: StravaClient;
  box: SecretBox;
  /** Told when the connection ended because its tokens could not be renewed. */
  connectionLost?: (userId: string) => Promise<void>;
};

export function createConnection(deps: ConnectionDeps) {
  const { db, config, client, box, events, logger, clock } = deps;
  const openSealed = createSealedSecretOpener(box, logger);
  const apps = createOwnApps({ db, config, box, openSealed, clock });
  const tokens = createStravaTokens({
    db,
    client,
    box,
    openSealed,
    apps,
    events,
    logger,
    clock,
    ...(deps.connectionLost ? { connectionLost: deps.connectionLost } : {}),
  });
  const oauth = createStravaOAuth({
    db,
    config,
    client,
    apps,
    tokens,
    events,
    logger,
    clock,
    changes: deps.changes,
  });

  return {
    accessToken: tokens.accessToken,
    withToken: tokens.withToken,
    isConnected: tokens.isConnected,
    onLoad: tokens.onLoad,
    beginConnect: oauth.beginConnect,
    completeConnect: oauth.completeConnect,
    disconnectAndDelete: oauth.disconnectAndDelete,
    /** The same, for callers that need no count (account deletion). */
    disconnect: async (userId: string): Promise<void> => {
      await oauth.disconnectAndDelete(userId);
    },
    deauthorized: oauth.deauthorized,
    saveOwnApp: apps.saveOwnApp,
    removeOwnApp: apps.removeOwnApp,
    ownAppClientId: apps.ownAppClientId,
    serverConfigured: apps.serverConfigured,
    serverApp: apps.serverApp,
  };
}

export type StravaConnection = ReturnType<typeof createConnection>;
