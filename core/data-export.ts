/**
 * "Download my data" (Account): the runner's whole Stride data as one ZIP, built in the background
 * and offered for 7 days. The ZIP is laid out like a Strava bulk export, so Stride's archive import
 * (and other apps that read Strava's layout) reads it back: `activities.csv` at the root with
 * Strava's column headers, the activity files under `activities/` (each original as uploaded,
 * gzip-compressed; a GPX made from the stored track for an activity without one), and Stride's own
 * JSON under `stride/`. A CSV row without a Filename is an activity without a file (a manual entry):
 * its figures are the row's. "Activity Gear" names the activity's gear, as Strava's export does.
 */
import { z } from 'zod';
import type { UploadActivityType } from './activity/parsed.ts';
import { DEFAULT_LOCALE, formatDateTime } from './format.ts';

/** The download lives this long after the ZIP was built; then the file is deleted. */
export const DATA_EXPORT_LINK_LIFETIME_DAYS = 7;
export const DATA_EXPORT_LINK_LIFETIME_MS = DATA_EXPORT_LINK_LIFETIME_DAYS * 24 * 60 * 60 * 1000;
/** How often a server looks for expired export files to delete. */
export const DATA_EXPORT_CLEANUP_INTERVAL_MS = 60 * 60 * 1000;
/** Activities read from the database per query while the ZIP is written (memory stays bounded). */
export const DATA_EXPORT_PAGE_SIZE = 100;

export const DATA_EXPORT_STATES = ['building', 'ready', 'failed'] as const;
export type DataExportState = (typeof DATA_EXPORT_STATES)[number];

export const DATA_EXPORT_MESSAGES = {
  notFound: 'There is no data export of yours at this link. Ask for a new one in Account → Download my data.',
  expired: `This download has expired: a data export is kept ${DATA_EXPORT_LINK_LIFETIME_DAYS} days. Ask for a new one in Account → Download my data.`,
  notReady: 'Your data is still being prepared. The download appears in Account when it is ready.',
  failed: 'Preparing your data failed. Ask for it again in Account → Download my data.',
} as const;

export const dataExportSchema = z.object({
  id: z.string(),
  state: z.enum(DATA_EXPORT_STATES),
  requestedAt: z.string(),
  /** When the ZIP was finished; null while building. */
  readyAt: z.string().nullable(),
  /** When the download stops working (7 days after readyAt); null while building. */
  expiresAt: z.string().nullable(),
  /** The ZIP's size in bytes once ready. */
  sizeBytes: z.number().int().nonnegative().nullable(),
  /** Where the ZIP is downloaded from once ready (signed-in runner only). */
  downloadPath: z.string().nullable(),
});
export type DataExport = z.infer<typeof dataExportSchema>;

/** The runner's newest export that can still be used (building, ready, or failed); null: none. */
export const dataExportStatusSchema = z.object({ export: dataExportSchema.nullable() });
export type DataExportStatus = z.infer<typeof dataExportStatusSchema>;

export const dataExportDownloadPath = (id: string) => `/api/account/data-export/${encodeURIComponent(id)}/download`;

/** The ZIP's name as the browser saves it: the day it was built. */
export const dataExportFileName = (readyAtMs: number) =>
  `stride-data-${new Date(readyAtMs).toISOString().slice(0, 10)}.zip`;

/** The ZIP's entries besides the activity files. */
export const DATA_EXPORT_ENTRIES = {
  activitiesCsv: 'activities.csv',
  profile: 'stride/profile.json',
  activities: 'stride/activities.json',
  goals: 'stride/goals.json',
  plans: 'stride/plans.json',
  checkIns: 'stride/check-ins.json',
  wellbeing: 'stride/wellbeing.json',
  medals: 'stride/medals.json',
  routes: 'stride/routes.json',
  gear: 'stride/gear.json',
  manifest: 'stride/manifest.json',
  records: 'stride/records.json',
  photo: 'stride/profile-photo',
} as const;

/**
 * The version of the `stride/` layout the import reads back (docs/data-export.md). A newer Stride
 * writes a higher one; this one then reads only what any Strava-style archive holds.
 */
export const DATA_EXPORT_FORMAT = 'stride-data-export';
export const DATA_EXPORT_FORMAT_VERSION = 1;

export const dataExportManifestSchema = z.object({
  format: z.literal(DATA_EXPORT_FORMAT),
  version: z.number().int().positive(),
  /** How many lines of stride/activities.json are activities. */
  activities: z.number().int().nonnegative(),
});
export type DataExportManifest = z.infer<typeof dataExportManifestSchema>;

/** The stored track of an activity (core/activity/track-codec.ts), bytes as kept. */
export const trackEntry = (activityId: string) => `stride/tracks/${activityId}.track`;

/** An original file as stored (gzip): `activities/<id>.<type>.gz`, as Strava names its compressed files. */
export const originalFileEntry = (activityId: string, fileType: string) => `activities/${activityId}.${fileType}.gz`;
/** The GPX made from a stored track, for an activity without an original. */
export const generatedGpxEntry = (activityId: string) => `activities/${activityId}.gpx`;

/** The columns of `activities.csv`, named as in Strava's bulk export. */
export const ACTIVITIES_CSV_COLUMNS = [
  'Activity ID',
  'Activity Date',
  'Activity Name',
  'Activity Type',
  'Activity Description',
  'Elapsed Time',
  'Distance',
  'Max Heart Rate',
  'Activity Private Note',
  'Activity Gear',
  'Filename',
  'Moving Time',
  'Elevation Gain',
  'Average Heart Rate',
] as const;

/** Stride's types as Strava names them. */
const STRAVA_TYPE_NAMES: Readonly<Record<UploadActivityType, string>> = {
  run: 'Run',
  ride: 'Ride',
  walk: 'Walk',
  hike: 'Hike',
  swim: 'Swim',
  other: 'Workout',
};

export function stravaActivityTypeName(type: UploadActivityType): string {
  return STRAVA_TYPE_NAMES[type];
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'] as const;

/** An instant as Strava's CSV writes it, in UTC: "Nov 26, 2026, 7:00:00 AM". */
export function stravaActivityDate(ms: number): string {
  const date = new Date(ms);
  const hours = date.getUTCHours();
  const hour12 = hours % 12 === 0 ? 12 : hours % 12;
  const two = (value: number) => String(value).padStart(2, '0');
  return `${MONTHS[date.getUTCMonth()]} ${date.getUTCDate()}, ${date.getUTCFullYear()}, ${hour12}:${two(date.getUTCMinutes())}:${two(date.getUTCSeconds())} ${hours < 12 ? 'AM' : 'PM'}`;
}

/** One CSV field (RFC 4180): quoted when it holds a comma, a quote or a line break. */
function csvField(value: string): string {
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/** One CSV line, ending with CRLF as RFC 4180 and Strava's export do. */
export function csvLine(values: readonly string[]): string {
  return `${values.map(csvField).join(',')}\r\n`;
}

export interface CsvActivity {
  id: string;
  startDateMs: number;
  name: string;
  type: UploadActivityType;
  description: string;
  privateNotes: string;
  /** Seconds. */
  elapsedTime: number;
  movingTime: number;
  /** Metres. */
  distance: number;
  elevationGain: number;
  maxHeartrate: number | null;
  averageHeartrate: number | null;
  /** The gear's name; empty without one. */
  gear: string;
  /** The entry of its file in the ZIP; null without one. */
  filename: string | null;
}

const optionalNumber = (value: number | null, decimals: number) => (value === null ? '' : value.toFixed(decimals));

/** The activity's line of `activities.csv`, columns as {@link ACTIVITIES_CSV_COLUMNS}; distance in km. */
export function activityCsvLine(activity: CsvActivity): string {
  return csvLine([
    activity.id,
    stravaActivityDate(activity.startDateMs),
    activity.name,
    stravaActivityTypeName(activity.type),
    activity.description,
    String(Math.round(activity.elapsedTime)),
    // Kilometres, as Strava's first Distance column; to the metre so a re-import keeps the totals.
    (activity.distance / 1000).toFixed(3),
    optionalNumber(activity.maxHeartrate, 0),
    activity.privateNotes,
    activity.gear,
    activity.filename ?? '',
    String(Math.round(activity.movingTime)),
    activity.elevationGain.toFixed(1),
    optionalNumber(activity.averageHeartrate, 1),
  ]);
}

export const ACTIVITIES_CSV_HEADER = csvLine(ACTIVITIES_CSV_COLUMNS);

/**
 * The mail sent when the ZIP is ready (only when the server sends mail), its expiry written in UTC
 * in `locale`: "4 Dec 2026, 09:30 UTC" in en-GB.
 */
export function dataExportReadyMail(
  link: string,
  expiresAtMs: number,
  locale: string = DEFAULT_LOCALE,
): { subject: string; text: string } {
  const expiresAt = formatDateTime(expiresAtMs, locale, 'UTC');
  return {
    subject: 'Your Stride data is ready',
    text: `The copy of your Stride data you asked for is ready: every activity file, your activities, goals, plans, check-ins, medals, routes and gear, in one ZIP.\n\nDownload it while signed in to Stride (the link works until ${expiresAt} UTC, ${DATA_EXPORT_LINK_LIFETIME_DAYS} days after it was made):\n${link}\n\nIf you did not ask for it, change your password in Account.`,
  };
}

/** Account's "Download my data" card. */
export const DATA_EXPORT_TEXTS = {
  title: 'Download my data',
  description: `One ZIP of everything Stride keeps of you: every activity file as you uploaded it (a GPX made from the track for activities without one), activities.csv in Strava's layout, and your profile, activities, goals, plans, check-ins, medals, routes and gear as JSON. It is built in the background and kept ${DATA_EXPORT_LINK_LIFETIME_DAYS} days.`,
  request: 'Download my data',
  preparing: 'Preparing your data…',
  mailNote: 'You will also get an e-mail with the link when it is ready.',
  again: 'Prepare a new copy',
} as const;

/** The ZIP's size in megabytes for the button, to one decimal, never shown as 0. */
export function dataExportSizeMb(bytes: number): number {
  return Math.max(0.1, Math.round(bytes / 100_000) / 10);
}

/** The download button: "Download (2.4 MB) — available until 4 Dec 2026". */
export const dataExportDownloadLabel = (sizeMb: string, until: string) =>
  `Download (${sizeMb} MB) — available until ${until}`;

/** What the Data Deletion Policy says of "Download my data" (shown on /data-deletion-policy). */
export const DATA_EXPORT_POLICY_TEXT = `Before you delete your account, you can take a copy of everything with you: Account → "Download my data" prepares one ZIP with every activity file as you uploaded it (a GPX made from the track for activities without a file, such as those from Strava), an activities.csv in Strava's layout, and your profile, activities, goals, training plans and their daily progress, check-ins, medals, routes and gear as JSON. The download works for ${DATA_EXPORT_LINK_LIFETIME_DAYS} days after it was prepared, only for you while signed in; then the file is deleted from the server. Deleting your account deletes any such file at once.`;
