/**
 * A connected runner's Strava tokens (spec §4 "Tokens", §5): the stored record (sealed with the app
 * secret) read through core/strava/tokens.ts's rules, a refresh at most once at a time per user and
 * across app servers no more than once in 5 s, a refused refresh token ending the connection, and
 * calls to Strava retried once with a fresh token when Strava answers 401.
 */
import { MIN_REFRESH_ATTEMPT_GAP_MS } from '../../../core/strava/constants.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import {
  disconnectRecord,
  refreshedRecord,
  tokenDecision,
  tokenDecisionHoldsFor,
  validateRefreshToken,
  type StravaIntegrationRecord,
  type TokenPurpose,
} from '../../../core/strava/tokens.ts';
import type { StravaIntegrationRow } from '../../db/schema.ts';
import { claimRefresh, findIntegration, updateIntegration } from '../../db/strava-connection-repository.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import type { SecretBox } from '../../security/secret-box.ts';
import type { OwnApps } from './own-app.ts';
import { SECRET_PURPOSE as PURPOSE, type SealedSecretOpener } from './strava-sealed-secrets.ts';
import type { WiringContext } from '../service-context.ts';

export type StravaTokensDeps = Pick<WiringContext, 'db' | 'events' | 'logger' | 'clock'> & {
  client: StravaClient;
  box: SecretBox;
  openSealed: SealedSecretOpener;
  apps: Pick<OwnApps, 'credentialsFor'>;
  /** Told after the connection ended because its tokens could not be renewed (a mail to the runner). */
  connectionLost?: (userId: string) => Promise<void>;
};

const ms = (date: Date | null) => (date === null ? null : date.getTime());
export const date = (epochMs: number | null) => (epochMs === null ? null : new Date(epochMs));

export function createStravaTokens(deps: StravaTokensDeps) {
  const { db, client, box, openSealed, apps, events, logger, clock } = deps;
  /** In-process single flight: concurrent requests of one user share one refresh. */
  const refreshing = new Map<string, Promise<string>>();

  function toRecord(row: StravaIntegrationRow): StravaIntegrationRecord {
    return {
      accessToken: openSealed(row.accessToken, PURPOSE.access),
      refreshToken: openSealed(row.refreshToken, PURPOSE.refresh),
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

  /** Ends the connection; returns what changed in the stored row. */
  async function markDisconnected(
    userId: string,
    record: StravaIntegrationRecord,
    reason: string,
  ): Promise<Pick<StravaIntegrationRow, 'isActive' | 'disconnectedAt' | 'updatedAt'>> {
    const next = disconnectRecord(record, clock.now());
    const changes = {
      isActive: false,
      disconnectedAt: date(next.disconnectedAt),
      updatedAt: date(next.updatedAt) ?? new Date(clock.now()),
    };
    await updateIntegration(db, userId, changes);
    logger.info({ userId, reason }, 'Strava disconnected');
    await events.publish(userId, { type: 'strava-connection' });
    await deps.connectionLost?.(userId).catch((error: unknown) => {
      logger.warn({ err: error, userId }, 'the runner could not be told that Strava needs them');
    });
    return changes;
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
    const credentials = await apps.credentialsFor(userId, row.clientId);
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

  /**
   * The connection as a page load finds it, from one read of the stored record: whether it is
   * connected, and the row as it now stands. A record that can no longer connect is recorded as
   * disconnected (spec §4), which the returned row shows; a token with 300 s or less left is
   * refreshed in the background (spec §4 "on load"), once however many loads ask.
   */
  /**
   * The token check of a page load (spec §4): whether the connection holds, the row as it now is, and
   * how long (ms) that answer holds by the clock if nothing writes the row meanwhile.
   */
  async function onLoad(
    userId: string,
  ): Promise<{ connected: boolean; row: StravaIntegrationRow | null; holdsForMs: number }> {
    const row = await findIntegration(db, userId);
    if (!row) {
      return { connected: false, row: null, holdsForMs: Number.POSITIVE_INFINITY };
    }
    const record = toRecord(row);
    const now = clock.now();
    const decision = tokenDecision(record, now, 'load');
    const holdsForMs = tokenDecisionHoldsFor(record, now, 'load');
    if (decision === 'disconnected') {
      if (!row.isActive) {
        return { connected: false, row, holdsForMs };
      }
      const changes = await markDisconnected(userId, record, 'refresh token expired or stored data incomplete');
      return { connected: false, row: { ...row, ...changes }, holdsForMs: 0 };
    }
    if (decision === 'refresh') {
      refreshOnce(userId, row, record).catch((error: unknown) => {
        logger.info({ err: error, userId }, 'Strava token refresh on load failed');
      });
    }
    return { connected: true, row, holdsForMs };
  }

  return { toRecord, sealedTokens, accessToken, withToken, isConnected, onLoad };
}

export type StravaTokens = ReturnType<typeof createStravaTokens>;
