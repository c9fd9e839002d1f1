/**
 * Strava in one place for the routes: the connection, the background sync, on-demand
 * details and the push subscription (webhooks). server.ts builds one per process and stops it
 * before the database closes.
 */
import { randomBytes } from 'node:crypto';
import {
  STRAVA_TEXTS,
  type DisconnectResponse,
  type ExchangeBody,
  type OwnAppBody,
  type StravaStatus,
  type SyncProgress,
} from '../../../core/strava/api.ts';
import { normalizeStravaActivity } from '../../../core/strava/normalize.ts';
import { admitWebhookEvent, parseWebhookEvent, type AthleteWebhookWindow } from '../../../core/strava/webhook-gate.ts';
import type { StravaConfig } from '../../config.ts';
import {
  countStravaActivities,
  deleteStravaActivity,
  hasStravaActivity,
  saveStravaDetailOf,
  upsertStravaActivities,
} from '../../db/strava-activity-repository.ts';
import { findActiveUsersByAthlete, findIntegration } from '../../db/strava-connection-repository.ts';
import {
  findPushSubscription,
  savePushSubscription,
  setPushSubscriptionId,
} from '../../db/strava-push-subscription-repository.ts';
import { createStravaClient, type StravaClient } from '../../integrations/strava/strava-client.ts';
import { StravaError } from '../../integrations/strava/strava-error.ts';
import { conflict } from '../../errors.ts';
import { createSecretBox } from '../../security/secret-box.ts';
import { createConnection } from './connection.ts';
import { hideStravaDuplicates } from './duplicates.ts';
import { createRemoteActivities, stravaDetailColumns } from './remote-activity.ts';
import { createEffortsBackfill } from './efforts-backfill.ts';
import { createSyncWorker } from './sync-worker.ts';
import type { StravaGear } from '../../../core/strava/athlete-gear.ts';
import type { WiringContext } from '../service-context.ts';

/** What Strava takes of the wiring context; its `clock` is the Strava client's (tests shorten its waits). */
export type StravaDeps = Pick<WiringContext, 'db' | 'events' | 'logger' | 'clock' | 'jobs' | 'changes' | 'units'> & {
  config: StravaConfig;
  appSecret: string;
  /** Told when the connection ended because its tokens could not be renewed (the runner must connect again). */
  connectionLost?: (userId: string) => Promise<void>;
  /** The athlete's shoes and bikes, read once per sync, as the runner's gear (gear-service.ts). */
  importGear?: (userId: string, gear: StravaGear[]) => Promise<void>;
};

export function createStrava(deps: StravaDeps) {
  const { db, config, events } = deps;
  const logger = deps.logger.child({ module: 'strava' });
  const { clock } = deps;
  const client: StravaClient = createStravaClient({
    baseUrl: config.baseUrl,
    minSpacingMs: config.minSpacingMs,
    maxRequests: config.maxRequestsPerWindow,
    interactiveReserve: config.interactiveReserve,
    syncReserve: config.syncReserve,
    requestTimeoutMs: config.requestTimeoutMs,
    refreshTimeoutMs: config.refreshTimeoutMs,
    logger,
    clock,
  });
  const box = createSecretBox(deps.appSecret);
  const connection = createConnection({
    db,
    config,
    client,
    box,
    events,
    logger,
    clock,
    changes: deps.changes,
    ...(deps.connectionLost ? { connectionLost: deps.connectionLost } : {}),
  });
  const withToken = connection.withToken;

  const effortsBackfill = config.effortsBackfill
    ? createEffortsBackfill({
        db,
        client,
        withToken,
        jobs: deps.jobs,
        logger,
        clock,
        changes: deps.changes,
      })
    : null;
  const worker = createSyncWorker({
    db,
    units: deps.units,
    client,
    withToken,
    events,
    logger,
    clock,
    leaseMs: config.jobLeaseMs,
    changes: deps.changes,
    ...(effortsBackfill ? { afterSync: effortsBackfill.request } : {}),
    ...(deps.importGear ? { importGear: deps.importGear } : {}),
  });
  const remote = createRemoteActivities({
    db,
    client,
    withToken,
    logger,
    clock,
    deadlineMs: config.interactiveDeadlineMs,
  });

  /** The status, and how long (ms) it holds by the clock alone: until the token check would decide otherwise. */
  async function timedStatus(userId: string): Promise<{ status: StravaStatus; holdsForMs: number }> {
    // The sync's job first, alone: a sync commits each page's activities, its last sync time and its
    // job together, so what is read after the job includes all the job says was written. (Read in
    // parallel on several connections, a finished job could meet a count or a last sync time read
    // just before its final commit.) The connection's one read comes after it, and finding the
    // connection over marks the record disconnected, which the row then shows.
    const sync = await worker.progress(userId);
    const [{ connected, row, holdsForMs }, ownClientId, activityCount] = await Promise.all([
      connection.onLoad(userId),
      connection.ownAppClientId(userId),
      countStravaActivities(db, userId),
    ]);
    const status: StravaStatus = {
      configured: connection.serverConfigured() || ownClientId !== null,
      serverConfigured: connection.serverConfigured(),
      ownApp: ownClientId === null ? null : { clientId: ownClientId },
      connected,
      athleteId: row?.athleteId ?? null,
      athleteName: row?.athleteName ?? null,
      connectedAt: row?.connectedAt?.toISOString() ?? null,
      disconnectedAt: row?.disconnectedAt?.toISOString() ?? null,
      lastSyncAt: row?.lastSyncAt?.toISOString() ?? null,
      sync,
      activityCount,
    };
    return { status, holdsForMs };
  }

  const status = async (userId: string): Promise<StravaStatus> => (await timedStatus(userId)).status;

  /** The callback: tokens stored, then the first sync (full) or a catch-up (incremental) starts. */
  async function exchange(userId: string, body: ExchangeBody): Promise<StravaStatus> {
    const before = await findIntegration(db, userId);
    await connection.completeConnect(userId, body);
    const after = await findIntegration(db, userId);
    // A catch-up suits the same athlete coming back; another athlete's history is all new.
    const sameAthlete = Boolean(before?.athleteId) && before?.athleteId === after?.athleteId;
    const hasActivities = (await countStravaActivities(db, userId)) > 0;
    await worker.enqueue(userId, sameAthlete && hasActivities ? 'incremental' : 'full');
    return status(userId);
  }

  /** Disconnect (DELETE /api/strava/connection): the status after, and how many activities went. */
  async function disconnect(userId: string): Promise<DisconnectResponse> {
    const deletedActivities = await connection.disconnectAndDelete(userId);
    return { ...(await status(userId)), deletedActivities };
  }

  async function requestSync(userId: string, input: { full: boolean }): Promise<SyncProgress> {
    const { full } = input;
    if (!(await connection.isConnected(userId))) {
      throw conflict(STRAVA_TEXTS.notConnected, { code: 'strava-not-connected' });
    }
    return worker.enqueue(userId, full ? 'full' : 'incremental');
  }

  /**
   * One activity named by a webhook: fetched and stored, or removed. Webhook calls carry no
   * signature, so even a "delete" is checked with Strava: only an activity Strava no longer has goes.
   * It is deferred work: it never uses the limiter's interactive reserve nor the syncs' share.
   */
  async function applyActivityEvent(userId: string, stravaId: string): Promise<void> {
    let raw: Record<string, unknown>;
    try {
      raw = await withToken(userId, (token) => client.getActivity(token, stravaId, { priority: 'deferred' }));
    } catch (error) {
      if (error instanceof StravaError && error.kind === 'not-found') {
        if (await deleteStravaActivity(db, userId, stravaId)) {
          await deps.changes.changed({ userId, source: 'strava-webhook' });
        }
        return;
      }
      throw error;
    }
    const activity = normalizeStravaActivity(raw);
    if (!activity) {
      return;
    }
    const insertedIds = await db.transaction().execute(async (trx) => {
      const now = new Date(clock.now());
      const { insertedIds: inserted } = await upsertStravaActivities(trx, userId, [activity], now);
      // The event's call fetched the whole detail: its best efforts, laps and description are kept.
      await saveStravaDetailOf(trx, userId, activity.stravaId, stravaDetailColumns(raw, activity.type, now));
      await hideStravaDuplicates(trx, userId, inserted);
      return inserted;
    });
    await deps.changes.changed({ userId, source: 'strava-webhook', added: insertedIds });
  }

  /** Per athlete, the webhook follow-ups of the window (this app server's share of the gate). */
  const webhookWindows = new Map<string, AthleteWebhookWindow>();
  let dropped = { count: 0, loggedAt: 0 };

  /** A dropped event is logged at debug; a summary at info at most once a minute. */
  function drop(reason: string, raw: unknown): void {
    logger.debug({ reason, event: raw }, 'Strava webhook event dropped');
    dropped = { ...dropped, count: dropped.count + 1 };
    if (clock.now() - dropped.loggedAt >= 60_000) {
      logger.info(
        { dropped: dropped.count, lastReason: reason },
        'Strava webhook events dropped without a Strava call',
      );
      dropped = { count: 0, loggedAt: clock.now() };
    }
  }

  /**
   * Strava wants a 200 within 2 s, so the work happens after the answer. An event costs a Strava
   * call only when plausible (core/strava/webhook-gate.ts): well formed, for this server's
   * subscription, its owner an athlete actively connected here, an activity update or delete only
   * for an activity of that athlete's that Stride has, not a repeat, within the athlete's budget.
   */
  async function handleWebhook(raw: unknown): Promise<void> {
    const event = parseWebhookEvent(raw);
    if (!event) {
      drop('malformed', raw);
      return;
    }
    const subscription = await findPushSubscription(db, config.clientId ?? '');
    if (!subscription?.subscriptionId || event.subscriptionId !== subscription.subscriptionId) {
      drop('another subscription', raw);
      return;
    }
    const [user] = await findActiveUsersByAthlete(db, event.ownerId);
    if (!user) {
      drop('unknown athlete', raw);
      return;
    }
    const { userId } = user;
    if (event.objectType === 'activity') {
      const stored = await hasStravaActivity(db, userId, event.objectId);
      // A create names a new activity; an update or delete one this athlete's sync already brought.
      if (stored === (event.aspect === 'create')) {
        drop(stored ? 'already stored' : "not this athlete's activity", raw);
        return;
      }
    }
    const decision = admitWebhookEvent(webhookWindows.get(event.ownerId), event, clock.now());
    webhookWindows.set(event.ownerId, decision.window);
    if (!decision.admitted) {
      drop(decision.reason, raw);
      return;
    }
    try {
      // The runner's unit of work: what the event writes drops that runner's cached reads of it.
      await deps.units.run(userId, () =>
        event.objectType === 'athlete' ? connection.deauthorized(userId) : applyActivityEvent(userId, event.objectId),
      );
    } catch (error) {
      logger.warn({ err: error, userId, event }, 'Strava webhook event not applied');
    }
  }

  /** The `hub.challenge` handshake: answered only for the verify token this server registered. */
  async function verifyWebhook(verifyToken: string): Promise<boolean> {
    const stored = (await findPushSubscription(db, config.clientId ?? ''))?.verifyToken;
    return stored !== undefined && stored === verifyToken;
  }

  /**
   * With PUBLIC_URL set, registers the server's push subscription (once per Strava app; another app
   * server that already did it is left alone). Polling stays the fallback when it fails.
   */
  async function registerWebhook(): Promise<void> {
    const credentials = connection.serverApp();
    const callbackUrl = config.webhookCallbackUrl;
    if (!credentials || !callbackUrl) {
      return;
    }
    try {
      const existing = await client.listPushSubscriptions(credentials);
      const ours = existing.find((subscription) => subscription.callbackUrl === callbackUrl);
      if (ours) {
        logger.info({ id: ours.id }, 'Strava push subscription in place');
        return;
      }
      for (const stale of existing) {
        await client.deletePushSubscription(credentials, stale.id);
      }
      const verifyToken = randomBytes(16).toString('hex');
      await savePushSubscription(db, {
        clientId: credentials.clientId,
        subscriptionId: null,
        callbackUrl,
        verifyToken,
      });
      const created = await client.createPushSubscription(credentials, callbackUrl, verifyToken);
      await setPushSubscriptionId(db, credentials.clientId, created.id);
      logger.info({ id: created.id, callbackUrl }, 'Strava push subscription created');
    } catch (error) {
      logger.warn({ err: error }, 'Strava push subscription not created; syncs rely on polling');
    }
  }

  return {
    /** Reads a Strava activity's details and track from Strava when opened (activity-reads.ts). */
    remote,
    status,
    timedStatus,
    /** Strava's authorise page for this user, with a single-use state bound to `redirectUri`. */
    connect: (userId: string, input: { redirectUri: string }) => connection.beginConnect(userId, input.redirectUri),
    /** The runner's own Strava app; answers the status as it now is. */
    saveOwnApp: async (userId: string, body: OwnAppBody): Promise<StravaStatus> => {
      await connection.saveOwnApp(userId, body);
      return status(userId);
    },
    removeOwnApp: async (userId: string): Promise<StravaStatus> => {
      await connection.removeOwnApp(userId);
      return status(userId);
    },
    /** Account deletion: Stride's access is withdrawn at Strava and the Strava data removed. */
    revoke: (userId: string) => connection.disconnect(userId),
    exchange,
    disconnect,
    requestSync,
    handleWebhook,
    verifyWebhook,
    /** After the job queue started: the sync worker, the back-fill left by the last run, the webhook. */
    start() {
      worker.start();
      void effortsBackfill?.resume();
      void registerWebhook();
    },
    stop: () => worker.stop(),
  };
}

export type Strava = ReturnType<typeof createStrava>;
