/**
 * What the server pushes on GET /api/events (Server-Sent Events, event name = `type`, data = the
 * event as JSON). The names and payload schemas live here once: the server publishes `ServerEvent`
 * values and the web app checks what arrives with the same schemas.
 */
import { z } from 'zod';
import { archiveImportEventSchema } from './activity/archive-api.ts';
import { medalCardSchema } from './medals/api.ts';
import { syncProgressSchema } from './strava/api.ts';

/** Medals were awarded (by an import, a sync or a check): celebrated, and the unseen count moves. */
export const medalsAwardedEventSchema = z.object({
  type: z.literal('medals-awarded'),
  medals: z.array(medalCardSchema),
  unseenCount: z.number().int().nonnegative(),
});

/** The analytics record changed (spec §4: pages reload it 1 s later). */
export const analyticsUpdatedEventSchema = z.object({ type: z.literal('analytics-updated') });

/** Activities were added, changed or removed: lists, totals and calendars reload. */
export const activitiesChangedEventSchema = z.object({ type: z.literal('activities-changed') });

/** The Strava sync moved on: a page arrived, it paused for the rate limit, finished or failed. */
export const stravaSyncEventSchema = z.object({ type: z.literal('strava-sync'), progress: syncProgressSchema });

/** The Strava connection changed elsewhere (another tab, or Strava's deauthorisation webhook). */
export const stravaConnectionEventSchema = z.object({ type: z.literal('strava-connection') });

/** The runner's subscription changed (a Stripe webhook, on any app server): Account reloads it. */
export const subscriptionChangedEventSchema = z.object({ type: z.literal('subscription-changed') });

export const serverEventSchema = z.discriminatedUnion('type', [
  medalsAwardedEventSchema,
  analyticsUpdatedEventSchema,
  activitiesChangedEventSchema,
  stravaSyncEventSchema,
  stravaConnectionEventSchema,
  subscriptionChangedEventSchema,
  archiveImportEventSchema,
]);

export type ServerEvent = z.infer<typeof serverEventSchema>;
export type ServerEventType = ServerEvent['type'];
export type ServerEventOf<T extends ServerEventType> = Extract<ServerEvent, { type: T }>;

/** Every event name, in the order of the union (what a page subscribes to). */
export const SERVER_EVENT_TYPES = serverEventSchema.options.map(
  (option) => option.shape.type.value,
) as readonly ServerEventType[];

/** The server's first event on every stream: the page knows it is connected (again). */
export const STREAM_READY_EVENT = 'ready';

/**
 * Sent on a stream the server closes because the same user opened more than the per-user limit
 * elsewhere. The page then stays closed until it is shown again, so two tabs never take the last
 * place from each other in a loop.
 */
export const STREAM_SUPERSEDED_EVENT = 'superseded';

/** An account younger than this holds fewer live-event streams (EVENT_STREAMS_PER_NEW_ACCOUNT). */
export const NEW_ACCOUNT_STREAM_AGE_MS = 24 * 60 * 60_000;

export type ParsedServerEvent<T extends ServerEventType> =
  { ok: true; event: ServerEventOf<T> } | { ok: false; problem: string };

/**
 * The data of an event named `type` checked against that event's schema: unreadable JSON, another
 * event's payload or a malformed one is a problem sentence, never an exception.
 */
export function parseServerEvent<T extends ServerEventType>(type: T, data: string): ParsedServerEvent<T> {
  let json: unknown;
  try {
    json = JSON.parse(data);
  } catch {
    return { ok: false, problem: `The ${type} event is not JSON.` };
  }
  const parsed = serverEventSchema.safeParse(json);
  if (!parsed.success) {
    return { ok: false, problem: `The ${type} event does not match its schema: ${z.prettifyError(parsed.error)}` };
  }
  if (parsed.data.type !== type) {
    return { ok: false, problem: `The ${type} event carries a ${parsed.data.type} payload.` };
  }
  return { ok: true, event: parsed.data as ServerEventOf<T> };
}
