/**
 * The Strava API of Stride's server, shared by the server routes and the web app: the
 * connection status, the OAuth round trip, the user's own Strava app, and the background sync's
 * progress as it is pushed over Server-Sent Events.
 */
import { z } from 'zod';
import { STRAVA_SERVICE_NAME } from './messages.ts';

/** Texts of Stride's own Strava screens (not in the spec's catalogue; the spec's texts live in messages.ts). */
export const STRAVA_TEXTS = {
  connect: `Connect ${STRAVA_SERVICE_NAME}`,
  disconnect: `Disconnect ${STRAVA_SERVICE_NAME}`,
  notConfigured: `This server has no ${STRAVA_SERVICE_NAME} app configured.`,
  /** What a runner can do about it (shown beside notConfigured where the own-app form is at hand). */
  notConfiguredHint: `Ask the administrator to set STRAVA_CLIENT_ID and STRAVA_CLIENT_SECRET, or use your own ${STRAVA_SERVICE_NAME} app.`,
  /** Strava is the source of a synced activity's name: a local one would be overwritten by the next sync. */
  renameOnStrava: `Rename it on ${STRAVA_SERVICE_NAME}: Stride picks up the new name at the next sync.`,
  /** The callback arrived with a state this server did not issue, or one already used or expired. */
  invalidState: `This ${STRAVA_SERVICE_NAME} authorisation is not valid any more. Please connect again.`,
  /** The athlete pressed "Cancel" on Strava's authorise page (error=access_denied). */
  accessDenied: `${STRAVA_SERVICE_NAME} access was not granted.`,
  /** The athlete unticked "View data about your private activities" (activity:read_all). */
  missingScope: `Stride needs permission to read your ${STRAVA_SERVICE_NAME} activities. Please connect again and keep every box ticked.`,
  notConnected: `${STRAVA_SERVICE_NAME} is not connected.`,
  syncStarted: `Syncing your ${STRAVA_SERVICE_NAME} activities…`,
  /** Strava data is shown only to its athlete (Strava API agreement). */
  notShareable: `Activities from ${STRAVA_SERVICE_NAME} can only be seen by you, so they cannot be shared.`,
  viewOnStrava: `View on ${STRAVA_SERVICE_NAME}`,
  /** One Strava athlete feeds one Stride account at a time (the exchange is refused, nothing stored). */
  athleteTaken: `This ${STRAVA_SERVICE_NAME} account is already connected to another Stride account. Disconnect it there first.`,
  /** Strava's API agreement: the data Stride got from Strava goes with the connection. */
  disconnectDeletes: (count: number) =>
    count === 0
      ? `Disconnecting deletes everything Stride got from ${STRAVA_SERVICE_NAME}. Your uploaded files stay.`
      : `Disconnecting deletes the ${count === 1 ? 'activity' : `${count} activities`} Stride got from ${STRAVA_SERVICE_NAME}. Your uploaded files stay.`,
} as const;

/** How long an issued OAuth `state` may be used (once). */
export const OAUTH_STATE_TTL_MS = 10 * 60 * 1000;

export const SYNC_KINDS = ['full', 'incremental'] as const;
export type SyncKind = (typeof SYNC_KINDS)[number];
export const SYNC_STATES = ['queued', 'running', 'waiting', 'done', 'failed'] as const;
export type SyncState = (typeof SYNC_STATES)[number];
/** A sync in these states has not ended: a new "Sync now" joins it. */
export const OPEN_SYNC_STATES = ['queued', 'running', 'waiting'] as const satisfies readonly SyncState[];

/** One user's sync job as the page sees it. `waiting` = paused for Strava's rate limit until `resumesAt`. */
export const syncProgressSchema = z.object({
  kind: z.enum(SYNC_KINDS),
  state: z.enum(SYNC_STATES),
  /** Pages of athlete/activities fetched so far (100 per page). */
  pages: z.number().int(),
  /** Activities received from Strava so far. */
  activities: z.number().int(),
  /** Of those, new or changed in Stride. */
  imported: z.number().int(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  resumesAt: z.string().nullable(),
  /** The user-facing text of the failure (spec §8), when state is failed. */
  error: z.string().nullable(),
});
export type SyncProgress = z.infer<typeof syncProgressSchema>;

export const stravaStatusSchema = z.object({
  /** A Strava app is available: the server's (STRAVA_CLIENT_ID) or the user's own. */
  configured: z.boolean(),
  serverConfigured: z.boolean(),
  /** The user's own Strava app, if they entered one; the secret never leaves the server. */
  ownApp: z.object({ clientId: z.string() }).nullable(),
  connected: z.boolean(),
  athleteId: z.string().nullable(),
  athleteName: z.string().nullable(),
  connectedAt: z.string().nullable(),
  disconnectedAt: z.string().nullable(),
  /** When the last sync finished successfully. */
  lastSyncAt: z.string().nullable(),
  /** The current or last sync job. */
  sync: syncProgressSchema.nullable(),
  /** Strava activities stored for the user. */
  activityCount: z.number().int(),
});
export type StravaStatus = z.infer<typeof stravaStatusSchema>;

/** DELETE /api/strava/connection: the status after, and how many Strava activities were deleted with it. */
export const disconnectResponseSchema = stravaStatusSchema.extend({ deletedActivities: z.number().int() });
export type DisconnectResponse = z.infer<typeof disconnectResponseSchema>;

/** POST /api/strava/connect → where the browser goes next. */
export const connectResponseSchema = z.object({ authorizeUrl: z.string() });

/** POST /api/strava/exchange: what Strava appended to the callback URL. */
export const exchangeBodySchema = z
  .object({
    state: z.string().max(200),
    code: z.string().max(500).optional(),
    scope: z.string().max(500).optional(),
    error: z.string().max(200).optional(),
  })
  .strict();
export type ExchangeBody = z.infer<typeof exchangeBodySchema>;

export const syncBodySchema = z.object({ full: z.boolean().optional() }).strict();

export const OWN_APP_MESSAGES = {
  clientId: 'The client ID is the number shown on your Strava API settings page.',
  clientSecret: 'The client secret is the 40-character code shown on your Strava API settings page.',
} as const;

/** PUT /api/strava/app: the user's own Strava API application (developers.strava.com → My API Application). */
export const ownAppBodySchema = z
  .object({
    clientId: z
      .string()
      .trim()
      .regex(/^\d{1,20}$/, OWN_APP_MESSAGES.clientId),
    clientSecret: z
      .string()
      .trim()
      .regex(/^[0-9a-f]{40}$/i, OWN_APP_MESSAGES.clientSecret),
  })
  .strict();
export type OwnAppBody = z.infer<typeof ownAppBodySchema>;

/** The Strava activity's page on strava.com (Strava's brand rules ask for a "View on Strava" link). */
export function stravaActivityUrl(stravaId: string): string {
  return `https://www.strava.com/activities/${encodeURIComponent(stravaId)}`;
}
