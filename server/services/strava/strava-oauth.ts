/**
 * Connecting and disconnecting Strava (spec §4 "Fitness-service connection", §8): Strava's OAuth
 * with a single-use state issued to this user, one Strava athlete per Stride account, and the end
 * of a connection (by the runner or a deauthorisation on strava.com), which revokes the token best
 * effort and deletes the data Stride got from Strava, as Strava's API agreement requires.
 */
import { randomBytes } from 'node:crypto';
import { OAUTH_STATE_TTL_MS, STRAVA_TEXTS, type ExchangeBody } from '../../../core/strava/api.ts';
import { REVOKE_DEADLINE_MS } from '../../../core/strava/constants.ts';
import { STRAVA_MESSAGES } from '../../../core/strava/messages.ts';
import { connectedRecord, disconnectRecord, type StravaIntegrationRecord } from '../../../core/strava/tokens.ts';
import type { StravaConfig } from '../../config.ts';
import {
  disconnectAndDeleteStravaData,
  findIntegration,
  findOtherActiveUserOfAthlete,
  saveConnection,
} from '../../db/strava-connection-repository.ts';
import { consumeOauthState, insertOauthState } from '../../db/strava-oauth-state-repository.ts';
import { conflict, invalid, refused, upstreamFailed, userAction } from '../../errors.ts';
import type { StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import { timeoutSignal } from '../../clock.ts';
import type { OwnApps } from './own-app.ts';
import { date, type StravaTokens } from './strava-tokens.ts';
import type { WiringContext } from '../service-context.ts';

/** Strava's scopes that let Stride read activities (the runner may untick private activities). */
const ACTIVITY_SCOPES = ['activity:read', 'activity:read_all'];

export type StravaOAuthDeps = Pick<WiringContext, 'db' | 'events' | 'logger' | 'clock' | 'changes'> & {
  config: StravaConfig;
  client: StravaClient;
  apps: Pick<OwnApps, 'ownApp' | 'serverApp' | 'credentialsFor'>;
  tokens: Pick<StravaTokens, 'toRecord' | 'sealedTokens' | 'accessToken'>;
};

export function createStravaOAuth(deps: StravaOAuthDeps) {
  const { db, config, client, apps, tokens: stored, events, logger, clock } = deps;
  const { toRecord, sealedTokens, accessToken } = stored;

  async function beginConnect(userId: string, redirectUri: string): Promise<{ authorizeUrl: string }> {
    const own = await apps.ownApp(userId);
    const credentials = own ?? apps.serverApp();
    if (!credentials) {
      throw refused(STRAVA_TEXTS.notConfigured, { code: 'strava-not-configured' });
    }
    const state = randomBytes(24).toString('base64url');
    await insertOauthState(db, state, userId, own ? own.clientId : null, new Date(clock.now()));
    return { authorizeUrl: client.authorizeUrl({ clientId: credentials.clientId, redirectUri, state }) };
  }

  /** The callback: the state must be one this server issued to this user, unused and under 10 min old. */
  async function completeConnect(userId: string, body: ExchangeBody): Promise<void> {
    const issued = await consumeOauthState(db, body.state);
    if (!issued || issued.userId !== userId || clock.now() - issued.createdAt.getTime() > OAUTH_STATE_TTL_MS) {
      throw refused(STRAVA_TEXTS.invalidState, { code: 'strava-invalid-state' });
    }
    if (body.error) {
      throw userAction(STRAVA_TEXTS.accessDenied, 'strava-access-denied');
    }
    const scopes = (body.scope ?? '').split(/[\s,]+/);
    if (!body.code) {
      throw invalid(STRAVA_MESSAGES.connectFailed);
    }
    if (body.scope !== undefined && !ACTIVITY_SCOPES.some((scope) => scopes.includes(scope))) {
      throw refused(STRAVA_TEXTS.missingScope, { code: 'strava-missing-scope' });
    }
    const credentials = await apps.credentialsFor(userId, issued.clientId);
    if (!credentials) {
      throw refused(STRAVA_TEXTS.notConfigured, { code: 'strava-not-configured' });
    }
    let tokens;
    try {
      // Someone waits on the callback page: the exchange (retries and queueing included) has a deadline.
      tokens = await client.exchangeCode(credentials, body.code, {
        signal: timeoutSignal(clock, config.interactiveDeadlineMs),
      });
    } catch (error) {
      const message = error instanceof StravaError ? error.message : STRAVA_MESSAGES.connectFailed;
      logger.warn({ err: error, userId }, 'Strava code exchange failed');
      throw upstreamFailed(message);
    }
    const now = clock.now();
    const record = connectedRecord(tokens, now);
    const taken = () => {
      logger.info({ userId }, 'Strava athlete already connected to another Stride account; refused');
      return conflict(STRAVA_TEXTS.athleteTaken, { code: 'strava-athlete-taken' });
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
   * (uploads stay). Open pages hear of the connection, then the "activities changed" path runs
   * (statistics, medals, plan ticks). Returns the activities deleted.
   */
  async function endConnection(userId: string, record: StravaIntegrationRecord, reason: string): Promise<number> {
    const next = disconnectRecord(record, clock.now());
    const deleted = await disconnectAndDeleteStravaData(db, userId, {
      disconnectedAt: date(next.disconnectedAt) ?? new Date(clock.now()),
      updatedAt: date(next.updatedAt) ?? new Date(clock.now()),
    });
    logger.info({ userId, reason, deletedActivities: deleted }, 'Strava disconnected; its data deleted');
    await events.publish(userId, { type: 'strava-connection' });
    await deps.changes.changed({ userId, source: 'strava-disconnect' });
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
        await client.deauthorize(record.accessToken, { signal: timeoutSignal(clock, REVOKE_DEADLINE_MS) });
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

  return { beginConnect, completeConnect, disconnectAndDelete, deauthorized };
}
