/**
 * The Strava connection of one user (spec §4 "Fitness-service connection", §5 "Tokens", §8): connect
 * through Strava's OAuth with a single-use state, the token rules of core/strava/tokens.ts on the
 * stored record (sealed with the app secret), disconnect with revocation, and a runner's own
 * Strava app as an alternative to the server's.
 */
import { randomBytes } from 'node:crypto';
import type { Logger } from 'pino';
import { OAUTH_STATE_TTL_MS, STRAVA_TEXTS, type ExchangeBody, type OwnAppBody } from '../../../core/strava/api.ts';
import { MIN_REFRESH_ATTEMPT_GAP_MS, REVOKE_DEADLINE_MS } from '../../../core/strava/constants.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import {
  connectedRecord,
  disconnectRecord,
  refreshedRecord,
  tokenDecision,
  validateRefreshToken,
  type StravaIntegrationRecord,
  type TokenPurpose,
} from '../../../core/strava/tokens.ts';
import type { StravaConfig } from '../../config.ts';
import { refreshProfileStatistics } from '../../db/activity-repository.ts';
import type { Db } from '../../db/db.ts';
import type { StravaIntegrationRow } from '../../db/schema.ts';
import {
  claimRefresh,
  consumeOauthState,
  deleteUserApp,
  disconnectAndDeleteStravaData,
  findIntegration,
  findOtherActiveUserOfAthlete,
  findUserApp,
  insertOauthState,
  saveConnection,
  saveUserApp,
  updateIntegration,
} from '../../db/strava-repository.ts';
import type { EventHub } from '../../events/event-hub.ts';
import { AppError } from '../../errors.ts';
import { StravaError, type StravaClient, type StravaCredentials } from '../../integrations/strava/strava-client.ts';
import { type Clock } from '../../clock.ts';
import type { SecretBox } from '../../security/secret-box.ts';

const PURPOSE = { access: 'strava:access-token', refresh: 'strava:refresh-token', secret: 'strava:client-secret' };

/** Strava's scopes that let Stride read activities (the runner may untick private activities). */
const ACTIVITY_SCOPES = ['activity:read', 'activity:read_all'];

export interface ConnectionDeps {
  db: Db;
  config: StravaConfig;
  client: StravaClient;
  box: SecretBox;
  events: EventHub;
  logger: Logger;
  clock: Clock;
}

const ms = (date: Date | null) => (date === null ? null : date.getTime());
const date = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

export function createConnection(deps: ConnectionDeps) {
  const { db, config, client, box, events, logger, clock } = deps;
  /** In-process single flight: concurrent requests of one user share one refresh. */
  const refreshing = new Map<string, Promise<string>>();

  function openOrNull(sealed: string | null, purpose: string): string | null {
    if (sealed === null) {
      return null;
    }
    try {
      return box.open(sealed, purpose);
    } catch {
      // Sealed with another APP_SECRET: the data is unusable, which the rules treat as incomplete.
      logger.warn('a stored Strava secret could not be opened (was APP_SECRET changed?)');
      return null;
    }
  }

  function toRecord(row: StravaIntegrationRow): StravaIntegrationRecord {
    return {
      accessToken: openOrNull(row.accessToken, PURPOSE.access),
      refreshToken: openOrNull(row.refreshToken, PURPOSE.refresh),
      expiresAt: ms(row.expiresAt),
      refreshTokenExpiresAt: ms(row.refreshTokenExpiresAt),
      athleteId: row.athleteId,
      athleteName: row.athleteName,
      connectedAt: ms(row.connectedAt),
      updatedAt: ms(row.updatedAt),
      lastRefreshAttempt: ms(row.lastRefreshAttempt),
      disconnectedAt: ms(row.disconnectedAt),
      isActive: row.isActive,
    };
  }

  function sealedTokens(record: StravaIntegrationRecord) {
    return {
      accessToken: record.accessToken === null ? null : box.seal(record.accessToken, PURPOSE.access),
      refreshToken: record.refreshToken === null ? null : box.seal(record.refreshToken, PURPOSE.refresh),
      expiresAt: date(record.expiresAt),
      refreshTokenExpiresAt: date(record.refreshTokenExpiresAt),
    };
  }

  async function ownApp(userId: string): Promise<StravaCredentials | null> {
    const app = await findUserApp(db, userId);
    const secret = app ? openOrNull(app.clientSecret, PURPOSE.secret) : null;
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

  async function markDisconnected(userId: string, record: StravaIntegrationRecord, reason: string): Promise<void> {
    const next = disconnectRecord(record, clock.now());
    await updateIntegration(db, userId, {
      isActive: false,
      disconnectedAt: date(next.disconnectedAt),
      updatedAt: date(next.updatedAt) ?? new Date(clock.now()),
    });
    logger.info({ userId, reason }, 'Strava disconnected');
    await events.publish(userId, { type: 'strava-connection' });
  }

  async function refresh(userId: string, row: StravaIntegrationRow, record: StravaIntegrationRecord): Promise<string> {
    const formatError = validateRefreshToken(record.refreshToken);
    if (formatError !== null || record.refreshToken === null) {
      await markDisconnected(userId, record, 'refresh token format');
      throw new StravaError(formatError ?? STRAVA_MESSAGES.invalidRefreshTokenFormat, 'invalid-refresh-token');
    }
    const now = clock.now();
    // Another app server refreshed under 5 s ago, or is refreshing now: spec §4 returns the old token.
    if (!(await claimRefresh(db, userId, new Date(now), MIN_REFRESH_ATTEMPT_GAP_MS))) {
      const latest = await findIntegration(db, userId);
      return (latest ? toRecord(latest).accessToken : null) ?? record.accessToken ?? '';
    }
    const credentials = await credentialsFor(userId, row.clientId);
    if (!credentials) {
      await markDisconnected(userId, record, 'Strava app removed');
      throw new StravaError(STRAVA_MESSAGES.integrationNotFound, 'unauthorized');
    }
    try {
      const tokens = await client.refreshToken(credentials, record.refreshToken);
      const next = refreshedRecord(record, tokens, clock.now());
      await updateIntegration(db, userId, { ...sealedTokens(next), updatedAt: new Date(clock.now()) });
      return tokens.accessToken;
    } catch (error) {
      // Strava refused the refresh token itself: the connection is over (spec §4). A Strava outage
      // (5xx or timeouts after the retries) is not the runner's fault and keeps them connected.
      if (error instanceof StravaError && (error.kind === 'invalid-refresh-token' || error.kind === 'unauthorized')) {
        await markDisconnected(userId, record, error.message);
      }
      throw error;
    }
  }

  /**
   * A usable access token (spec §4/§5): 'load' keeps a token with more than 300 s left, 'request' one
   * with more than 600 s; otherwise it is refreshed once, however many requests ask at the same time.
   */
  async function accessToken(userId: string, purpose: TokenPurpose = 'request'): Promise<string> {
    const row = await findIntegration(db, userId);
    if (!row) {
      throw new StravaError(STRAVA_MESSAGES.integrationNotFound, 'unauthorized');
    }
    const record = toRecord(row);
    const decision = tokenDecision(record, clock.now(), purpose);
    if ((decision === 'use' || decision === 'reuse-recent') && record.accessToken !== null) {
      return record.accessToken;
    }
    if (decision === 'disconnected') {
      if (row.isActive) {
        await markDisconnected(userId, record, 'refresh token expired or stored data incomplete');
      }
      throw new StravaError(STRAVA_MESSAGES.accessTokenFailed, 'unauthorized');
    }
    return refreshOnce(userId, row, record);
  }

  function refreshOnce(userId: string, row: StravaIntegrationRow, record: StravaIntegrationRecord): Promise<string> {
    const pending = refreshing.get(userId);
    if (pending) {
      return pending;
    }
    const promise = refresh(userId, row, record).finally(() => refreshing.delete(userId));
    refreshing.set(userId, promise);
    return promise;
  }

  /**
   * Calls Strava with the runner's token. A 401 means Strava refuses a token Stride thought good
   * (revoked on strava.com without a webhook reaching Stride, or expired early): the token is
   * refreshed once, whatever its expiry, and the call repeated. A refused refresh disconnects
   * (spec §4); a refresh attempted under 5 s ago gives the same token, and the 401 stands.
   */
  async function withToken<T>(userId: string, call: (token: string) => Promise<T>): Promise<T> {
    const token = await accessToken(userId, 'request');
    try {
      return await call(token);
    } catch (error) {
      if (!(error instanceof StravaError) || error.kind !== 'unauthorized') {
        throw error;
      }
      const row = await findIntegration(db, userId);
      if (!row?.isActive) {
        throw error;
      }
      const renewed = await refreshOnce(userId, row, toRecord(row));
      if (renewed === token) {
        throw error;
      }
      return call(renewed);
    }
  }

  async function isConnected(userId: string): Promise<boolean> {
    const row = await findIntegration(db, userId);
    if (!row) {
      return false;
    }
    const record = toRecord(row);
    if (tokenDecision(record, clock.now(), 'load') !== 'disconnected') {
      return true;
    }
    // Spec §4: an expired refresh token (or unusable stored data) is a disconnection; record it as
    // one, so the status shows disconnectedAt and webhooks stop naming this user.
    if (row.isActive) {
      await markDisconnected(userId, record, 'refresh token expired or stored data incomplete');
    }
    return false;
  }

  async function beginConnect(userId: string, redirectUri: string): Promise<{ authorizeUrl: string }> {
    const own = await ownApp(userId);
    const credentials = own ?? serverApp();
    if (!credentials) {
      throw new AppError(400, 'validation_error', STRAVA_TEXTS.notConfigured, { code: 'strava-not-configured' });
    }
    const state = randomBytes(24).toString('base64url');
    await insertOauthState(db, state, userId, own ? own.clientId : null);
    return { authorizeUrl: client.authorizeUrl({ clientId: credentials.clientId, redirectUri, state }) };
  }

  /** The callback: the state must be one this server issued to this user, unused and under 10 min old. */
  async function completeConnect(userId: string, body: ExchangeBody): Promise<void> {
    const issued = await consumeOauthState(db, body.state);
    if (!issued || issued.userId !== userId || clock.now() - issued.createdAt.getTime() > OAUTH_STATE_TTL_MS) {
      throw new AppError(400, 'validation_error', STRAVA_TEXTS.invalidState, { code: 'strava-invalid-state' });
    }
    if (body.error) {
      throw new AppError(400, 'user_action_error', STRAVA_TEXTS.accessDenied, { code: 'strava-access-denied' });
    }
    const scopes = (body.scope ?? '').split(/[\s,]+/);
    if (!body.code) {
      throw new AppError(400, 'validation_error', STRAVA_MESSAGES.connectFailed);
    }
    if (body.scope !== undefined && !ACTIVITY_SCOPES.some((scope) => scopes.includes(scope))) {
      throw new AppError(400, 'validation_error', STRAVA_TEXTS.missingScope, { code: 'strava-missing-scope' });
    }
    const credentials = await credentialsFor(userId, issued.clientId);
    if (!credentials) {
      throw new AppError(400, 'validation_error', STRAVA_TEXTS.notConfigured, { code: 'strava-not-configured' });
    }
    let tokens;
    try {
      // Someone waits on the callback page: the exchange (retries and queueing included) has a deadline.
      tokens = await client.exchangeCode(credentials, body.code, {
        signal: AbortSignal.timeout(config.interactiveDeadlineMs),
      });
    } catch (error) {
      const message = error instanceof StravaError ? error.message : STRAVA_MESSAGES.connectFailed;
      logger.warn({ err: error, userId }, 'Strava code exchange failed');
      throw new AppError(502, 'api_error', message);
    }
    const now = clock.now();
    const record = connectedRecord(tokens, now);
    const taken = () => {
      logger.info({ userId }, 'Strava athlete already connected to another Stride account; refused');
      return new AppError(409, 'validation_error', STRAVA_TEXTS.athleteTaken, { code: 'strava-athlete-taken' });
    };
    // One athlete feeds one Stride account: a second account would import the first one's runs.
    if (record.athleteId !== null && (await findOtherActiveUserOfAthlete(db, record.athleteId, userId)) !== null) {
      throw taken();
    }
    const saved = await saveConnection(db, userId, {
      ...sealedTokens(record),
      athleteId: record.athleteId,
      athleteName: record.athleteName,
      scope: body.scope ?? null,
      clientId: issued.clientId,
      connectedAt: new Date(now),
      updatedAt: new Date(now),
      lastRefreshAttempt: null,
      disconnectedAt: null,
      isActive: true,
    });
    if (!saved) {
      // Another account connected the same athlete between the check and the insert.
      throw taken();
    }
    await events.publish(userId, { type: 'strava-connection' });
  }

  /**
   * Strava's API agreement: the connection ends and the data Stride got from Strava goes with it
   * (uploads stay). Statistics are recomputed and open pages told. Returns the activities deleted.
   */
  async function endConnection(userId: string, record: StravaIntegrationRecord, reason: string): Promise<number> {
    const next = disconnectRecord(record, clock.now());
    const deleted = await disconnectAndDeleteStravaData(db, userId, {
      disconnectedAt: date(next.disconnectedAt) ?? new Date(clock.now()),
      updatedAt: date(next.updatedAt) ?? new Date(clock.now()),
    });
    logger.info({ userId, reason, deletedActivities: deleted }, 'Strava disconnected; its data deleted');
    await refreshProfileStatistics(db, userId);
    await events.publish(userId, { type: 'strava-connection' });
    await events.publish(userId, { type: 'activities-changed' });
    return deleted;
  }

  /**
   * Spec §4: isActive false and disconnectedAt, and the Strava data deleted (endConnection). The
   * token is revoked at Strava too, best effort and within a few seconds: a slow or busy Strava
   * never holds the runner's disconnect. Returns how many Strava activities were deleted.
   */
  async function disconnectAndDelete(userId: string): Promise<number> {
    const row = await findIntegration(db, userId);
    if (!row?.isActive) {
      return 0;
    }
    const record = toRecord(row);
    if (record.accessToken) {
      try {
        await client.deauthorize(record.accessToken, { signal: AbortSignal.timeout(REVOKE_DEADLINE_MS) });
      } catch (error) {
        logger.warn({ err: error, userId }, 'Strava token could not be revoked; disconnecting anyway');
      }
    }
    return endConnection(userId, record, 'disconnected by the runner');
  }

  /**
   * A webhook says the athlete revoked Stride's access on strava.com. Webhook calls carry no
   * signature, so Strava is asked first: only a token it now refuses ends the connection.
   */
  async function deauthorized(userId: string): Promise<void> {
    const row = await findIntegration(db, userId);
    if (!row?.isActive) {
      return;
    }
    try {
      await client.getAthlete(await accessToken(userId, 'request'), { priority: 'background' });
      logger.warn({ userId }, 'deauthorisation event for an athlete Strava still serves; ignored');
    } catch (error) {
      if (error instanceof StravaError && (error.kind === 'unauthorized' || error.kind === 'invalid-refresh-token')) {
        const latest = await findIntegration(db, userId);
        if (latest) {
          // A refused refresh may have marked it inactive already; the data goes all the same.
          await endConnection(userId, toRecord(latest), 'deauthorised on Strava');
        }
        return;
      }
      throw error;
    }
  }

  async function saveOwnApp(userId: string, body: OwnAppBody): Promise<void> {
    await saveUserApp(db, userId, body.clientId, box.seal(body.clientSecret, PURPOSE.secret));
  }

  async function removeOwnApp(userId: string): Promise<void> {
    await deleteUserApp(db, userId);
  }

  return {
    accessToken,
    withToken,
    isConnected,
    beginConnect,
    completeConnect,
    disconnectAndDelete,
    /** The same, for callers that need no count (account deletion). */
    disconnect: async (userId: string): Promise<void> => {
      await disconnectAndDelete(userId);
    },
    deauthorized,
    saveOwnApp,
    removeOwnApp,
    ownAppClientId: async (userId: string) => (await findUserApp(db, userId))?.clientId ?? null,
    serverConfigured: () => serverApp() !== null,
    serverApp,
  };
}

export type StravaConnection = ReturnType<typeof createConnection>;
