/**
 * Offline use of the web app (spec §3 network status, §7 offline persistence): the texts the app
 * shell shows for a slow or missing connection, the sentence that refuses a change made offline,
 * and how long the data kept on the device for offline use stays valid.
 */
import type { NetworkStatus } from './strava/data-state.ts';

/** What the app shell says for each network status; online says nothing. */
export const NETWORK_STATUS_MESSAGES: Readonly<Record<Exclude<NetworkStatus, 'online'>, string>> = {
  offline: "You're offline — showing your last synced data",
  slow: 'Slow connection — pages may take longer to load',
};

/**
 * What the app shell says offline to someone not signed in: there is no data of theirs on the
 * device to show (signing out drops it), so it does not promise any.
 */
export const OFFLINE_SIGNED_OUT_MESSAGE =
  "You're offline and signed out — sign in when you're back online to see your data";

/** A change (a save, an upload, a delete) asked for while the browser is offline is refused with this. */
export const OFFLINE_WRITE_REFUSED = "You're offline, so this change was not saved. Try again when you're back online.";

/** The error code the web client gives that refusal. */
export const OFFLINE_WRITE_CODE = 'offline-write-refused';

/** Data kept on the device for offline use is dropped once it is older than this (7 days). */
export const OFFLINE_CACHE_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;

/** How often, at most, the kept copy is written after the data changes. */
export const OFFLINE_CACHE_WRITE_THROTTLE_MS = 1000;
