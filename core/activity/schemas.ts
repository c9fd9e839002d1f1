/**
 * The activities API: what the server sends and accepts, shared with the web app (spec §3
 * Activity / Detailed activity, §5 "Activity list filters"). Distances in metres, durations in
 * seconds, speeds in m/s; display units are the client's business (core/units.ts).
 */
import { activityGearSchema } from '../gear.ts';
import { stravaFieldsSchema } from '../strava/activity-fields.ts';
import { z } from 'zod';
import { normaliseUserText, truncateText } from '../user-text.ts';
import { UPLOAD_ACTIVITY_TYPES } from './parsed.ts';
import { SAMPLE_SOURCE } from './samples.ts';
import { isoDaySchema } from '../calendar-days.ts';

export const DEFAULT_ACTIVITY_NAME = 'Unknown Activity';
export const ACTIVITY_NAME_MAX = 120;

/** How much of a name from a file is read at all: a name of megabytes is cut before it is normalised. */
const ACTIVITY_NAME_READ_MAX = 4096;

/**
 * A name taken from a file or from Strava (GPX <name>, TCX notes, …): its first
 * ACTIVITY_NAME_READ_MAX characters normalised like typed text and cut to the limit a rename has,
 * or the default when nothing is left.
 */
export function normaliseActivityName(name: string | null | undefined): string {
  const read = truncateText(name ?? '', ACTIVITY_NAME_READ_MAX);
  return truncateText(normaliseUserText(read), ACTIVITY_NAME_MAX) || DEFAULT_ACTIVITY_NAME;
}
/** Spec §9 "uploaded list default": 50 per page. */
export const ACTIVITY_PAGE_SIZE = 50;
export const ACTIVITY_PAGE_SIZE_MAX = 200;
/** Points sent to the browser for the map and charts; the full track stays on the server. */
export const DISPLAY_TRACK_MAX_POINTS = 2000;

/** `manual`: entered by the runner without a file (a treadmill run): figures only, no track. */
export const MANUAL_SOURCE = 'manual';
export const ACTIVITY_SOURCES = ['upload', 'strava', SAMPLE_SOURCE, MANUAL_SOURCE] as const;
export type ActivitySource = (typeof ACTIVITY_SOURCES)[number];

export const activityTypeSchema = z.enum(UPLOAD_ACTIVITY_TYPES);

const latLngSchema = z.object({ lat: z.number(), lng: z.number() });

export const activitySummarySchema = z.object({
  id: z.string(),
  name: z.string(),
  type: activityTypeSchema,
  source: z.enum(ACTIVITY_SOURCES),
  /** ISO 8601 UTC. */
  startDate: z.string(),
  /** Wall-clock time where the run started, "YYYY-MM-DDTHH:mm:ss" (no zone). */
  startDateLocal: z.string(),
  timezone: z.string(),
  distance: z.number(),
  /**
   * The activity's time, which its pace (averageSpeed) and every total of time use: the device's
   * timer where the file carried one, unless the runner chose Stride's moving time in Account
   * (core/activity/device-timer.ts).
   */
  movingTime: z.number(),
  /** Stride's own stop detection (spec §5), shown as "Moving time" beside a device's timer. */
  strideMovingTime: z.number(),
  /** The device's own timer, in seconds; null when the file carried none. */
  timerTime: z.number().nullable(),
  elapsedTime: z.number(),
  elevationGain: z.number(),
  /**
   * False for a track without timing data (a route, an export without times): it has a distance
   * but no time, pace or splits, and makes no running day.
   */
  hasTiming: z.boolean(),
  averageSpeed: z.number(),
  maxSpeed: z.number(),
  averageHeartrate: z.number().nullable(),
  maxHeartrate: z.number().nullable(),
  averageCadence: z.number().nullable(),
  startLatLng: latLngSchema.nullable(),
  endLatLng: latLngSchema.nullable(),
  hasTrack: z.boolean(),
  fileType: z.string().nullable(),
  originalFilename: z.string().nullable(),
  /** Strava's id for an activity synced from Strava, null otherwise. */
  stravaId: z.string().nullable(),
  /**
   * Physically implausible (core/activity/plausibility.ts): left out of totals, public counts and
   * medals until the runner confirms it.
   */
  flagged: z.boolean(),
  /** The sentence saying why it is flagged, null when it is not. */
  flagReason: z.string().nullable(),
  /** ISO 8601 UTC: when the runner confirmed it (from then on it counts); null otherwise. */
  flagConfirmedAt: z.string().nullable(),
  /**
   * The runner's word on counting (core/activity/activity-edit.ts): true counts it even when flagged,
   * false leaves it out even when plausible; null lets the plausibility flag decide.
   */
  countedOverride: z.boolean().nullable(),
  /** Whether it counts in totals, medals, best efforts, charts and plan ticks (activityCounts). */
  counted: z.boolean(),
});
export type ActivitySummary = z.infer<typeof activitySummarySchema>;

/** Spec §3 Split fields, snake_case as the spec names them. */
export const splitSchema = z.object({
  distance: z.number(),
  elapsed_time: z.number(),
  elevation_difference: z.number(),
  moving_time: z.number(),
  /** The device's timer over the split (splits.ts withTimerTimes); absent without one. */
  timer_time: z.number().optional(),
  split: z.number().int(),
  average_speed: z.number(),
  average_grade_adjusted_speed: z.number(),
  pace_zone: z.number(),
});
export type SplitRecord = z.infer<typeof splitSchema>;

export const lapSchema = z.object({
  /** Strava's lap id; files' laps have none. */
  id: z.string().nullable().optional(),
  lapIndex: z.number().int(),
  name: z.string(),
  startDate: z.string().nullable(),
  /** Strava's start on the activity's local clock ("YYYY-MM-DDTHH:mm:ssZ" as Strava writes it). */
  startDateLocal: z.string().nullable().optional(),
  elapsedTime: z.number(),
  movingTime: z.number(),
  distance: z.number(),
  startIndex: z.number().int(),
  endIndex: z.number().int(),
  totalElevationGain: z.number(),
  averageSpeed: z.number(),
  maxSpeed: z.number(),
  averageHeartrate: z.number().nullable(),
  averageCadence: z.number().nullable(),
  /** Average power in watts, where a power meter (or Strava's estimate for a ride) gave one. */
  averageWatts: z.number().nullable().optional(),
});
export type LapRecord = z.infer<typeof lapSchema>;

/** What a runner may correct of a file's activity (core/activity/activity-corrections.ts). */
export const CORRECTED_FIELDS = ['start', 'distance', 'time', 'movingTime', 'type'] as const;
export type CorrectedField = (typeof CORRECTED_FIELDS)[number];

export const activityDetailSchema = activitySummarySchema.extend({
  description: z.string(),
  /** The runner's own notes: only ever sent to the runner, never on a public page. */
  privateNotes: z.string(),
  deviceName: z.string().nullable(),
  sportLabel: z.string().nullable(),
  calories: z.number().nullable(),
  fileSize: z.number().nullable(),
  uploadedAt: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  laps: z.array(lapSchema),
  splitsMetric: z.array(splitSchema),
  splitsStandard: z.array(splitSchema),
  /** A Strava activity's own fields (core/strava/activity-fields.ts), for its owner; null otherwise. */
  strava: stravaFieldsSchema.nullable(),
  /** A Strava activity whose details Strava could not send just now (spec §8), with nothing cached. */
  stravaError: z.string().nullable(),
  /**
   * A Strava activity whose streams were not fetched yet (they are when its track is first read):
   * splits and best efforts Strava did not send are computed from them, and are pending till then.
   */
  streamsPending: z.boolean(),
  /**
   * The event this activity is a leg of (a multisport file: swim, ride, run), with every leg in
   * order, this one included; null for an ordinary activity.
   */
  multisport: z
    .object({
      legs: z.array(z.object({ id: z.string(), name: z.string(), type: activityTypeSchema })),
    })
    .nullable(),
  /** What could not be read of the uploaded file (e.g. "Part of the file could not be read; …"). */
  fileWarnings: z.array(z.string()),
  /** The gear it was done with and that gear's distance (core/gear.ts); null: none. */
  gear: activityGearSchema.nullable(),
  /**
   * What the runner corrected of its file's figures (core/activity/activity-corrections.ts), with
   * the file's own values; null when it shows the file's. Splits are hidden while the distance is
   * corrected (`splitsHidden`: the splits above are then empty).
   */
  correction: z
    .object({
      fields: z.array(z.enum(CORRECTED_FIELDS)),
      file: z.object({
        startDate: z.string(),
        startDateLocal: z.string(),
        timezone: z.string(),
        distance: z.number(),
        elapsedTime: z.number(),
        movingTime: z.number(),
        type: activityTypeSchema,
      }),
      splitsHidden: z.boolean(),
    })
    .nullable(),
});
export type ActivityDetail = z.infer<typeof activityDetailSchema>;

/**
 * The track for display, columnar; `null` where a point has no value. Seconds from the start.
 * `lat` and `lon` are empty for an indoor activity (a treadmill run: no map to draw).
 */
export const displayTrackSchema = z.object({
  pointCount: z.number().int(),
  elapsed: z.array(z.number().nullable()),
  lat: z.array(z.number()),
  lon: z.array(z.number()),
  elevation: z.array(z.number().nullable()),
  heartRate: z.array(z.number().nullable()),
  cadence: z.array(z.number().nullable()),
  distance: z.array(z.number()),
  /**
   * Indices into these arrays of the points that begin a new recorded segment (a GPX file's
   * tracks and segments): the gap before each was not travelled, and the map breaks its line there.
   */
  segmentStarts: z.array(z.number().int()),
});
export type DisplayTrack = z.infer<typeof displayTrackSchema>;

/**
 * The list of one side only (spec §7 "Internal activity loading" merges the two itself): `strava`
 * is what was synced from Strava, `upload` everything else (uploaded files and the sample runs).
 */
export const ACTIVITY_LIST_SOURCES = ['upload', 'strava'] as const;

/**
 * The list's orders (its column headers): start date, distance, moving time, and pace (moving time
 * per distance: ascending is fastest first; an activity without a distance has no pace and comes
 * last either way). Equal values keep the newest first.
 */
export const ACTIVITY_LIST_SORTS = ['date', 'distance', 'time', 'pace'] as const;
export type ActivityListSort = (typeof ACTIVITY_LIST_SORTS)[number];
export const SORT_ORDERS = ['asc', 'desc'] as const;
export type SortOrder = (typeof SORT_ORDERS)[number];
/** Newest, longest, longest-lasting first; pace fastest first. */
export const DEFAULT_SORT_ORDER: Readonly<Record<ActivityListSort, SortOrder>> = {
  date: 'desc',
  distance: 'desc',
  time: 'desc',
  pace: 'asc',
};

/** The name search: a part of the name, any case; `%` and `_` are letters like any other. */
export const ACTIVITY_SEARCH_MAX = 100;
/** Pages past this are not offered (10,000 activities at 50 a page are 200 pages). */
export const ACTIVITY_LIST_PAGE_MAX = 10_000;

export const ACTIVITY_LIST_MESSAGES = {
  search: `Search for at most ${ACTIVITY_SEARCH_MAX} characters.`,
  page: 'Use a page number from 1.',
} as const;

/** Spec §5: filter by exact type and by an inclusive date range (local dates of the runs). */
export const activityListQuerySchema = z.object({
  type: activityTypeSchema.optional(),
  source: z.enum(ACTIVITY_LIST_SOURCES).optional(),
  from: isoDaySchema.optional(),
  to: isoDaySchema.optional(),
  /** A part of the name; blank is no search. */
  q: z
    .string()
    .max(ACTIVITY_SEARCH_MAX, ACTIVITY_LIST_MESSAGES.search)
    .transform((value) => value.trim() || undefined)
    .optional(),
  sort: z.enum(ACTIVITY_LIST_SORTS).optional(),
  order: z.enum(SORT_ORDERS).optional(),
  /** 1-based, `limit` rows a page. */
  page: z.coerce
    .number({ error: ACTIVITY_LIST_MESSAGES.page })
    .int(ACTIVITY_LIST_MESSAGES.page)
    .min(1, ACTIVITY_LIST_MESSAGES.page)
    .max(ACTIVITY_LIST_PAGE_MAX, ACTIVITY_LIST_MESSAGES.page)
    .optional(),
  limit: z.coerce.number().int().min(1).max(ACTIVITY_PAGE_SIZE_MAX).optional(),
});
export type ActivityListQuery = z.infer<typeof activityListQuerySchema>;

export const activityPageSchema = z.object({
  items: z.array(activitySummarySchema),
  /** Every activity the filters and search match, over all pages. */
  total: z.number().int(),
});
export type ActivityPage = z.infer<typeof activityPageSchema>;

/** One line of the upload's NDJSON answer: per-file progress (spec §4 "Upload processing"). */
export const UPLOAD_FILE_STATES = ['queued', 'parsing', 'saving', 'complete', 'error'] as const;
export type UploadFileState = (typeof UPLOAD_FILE_STATES)[number];

export const uploadEventSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('accepted'),
    files: z.array(z.object({ index: z.number(), name: z.string(), size: z.number() })),
    warnings: z.array(z.string()),
  }),
  z.object({
    kind: z.literal('file'),
    index: z.number().int(),
    name: z.string(),
    state: z.enum(UPLOAD_FILE_STATES),
    /** 0..1 within the current state, when known. */
    progress: z.number().optional(),
    activityId: z.string().optional(),
    duplicate: z.boolean().optional(),
    message: z.string().optional(),
    /** Not imported: the file has no date and was uploaded alone; send it again with `startDateLocal`. */
    needsDate: z.boolean().optional(),
  }),
  z.object({
    kind: z.literal('done'),
    imported: z.number().int(),
    duplicates: z.number().int(),
    failed: z.number().int(),
  }),
]);
export type UploadEvent = z.infer<typeof uploadEventSchema>;
