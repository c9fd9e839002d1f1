/**
 * Table types for Kysely (server/db/schema.ts lists them all): activities and what is derived from
 * them: tracks and original files, best efforts, training load, medals and analytics, upload usage,
 * weather at the start, and archive imports.
 */
import type { UploadActivityType } from '../../../core/activity/parsed.ts';
import type { ActivityOverrides, FileFigures } from '../../../core/activity/activity-corrections.ts';
import type { ActivitySource } from '../../../core/activity/schemas.ts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.ts';

export interface ActivitiesTable {
  id: string;
  userId: string;
  name: string;
  type: UploadActivityType;
  source: ActivitySource;
  startDate: Timestamp;
  startDateLocal: string;
  timezone: string;
  distance: number;
  /** Stride's own stop detection (spec §5). */
  movingTime: number;
  /** The device's own timer (FIT total_timer_time, TCX laps' TotalTimeSeconds), null without one. */
  timerTime: number | null;
  elapsedTime: number;
  elevationGain: number;
  /** False for a track without timing data: no time, pace or splits, in no total (core/activity/untimed.ts). */
  hasTiming: Generated<boolean>;
  averageSpeed: number;
  maxSpeed: number;
  averageHeartrate: number | null;
  maxHeartrate: number | null;
  averageCadence: number | null;
  calories: number | null;
  startLat: number | null;
  startLng: number | null;
  endLat: number | null;
  endLng: number | null;
  description: Generated<string>;
  deviceName: string | null;
  sportLabel: string | null;
  laps: Json<unknown[]>;
  splitsMetric: Json<unknown[]>;
  splitsStandard: Json<unknown[]>;
  /** What could not be read of the uploaded file (core/activity/parsed.ts warnings). */
  fileWarnings: ColumnType<string[], string | undefined, string>;
  originalFilename: string | null;
  fileSize: number | null;
  fileType: string | null;
  fileSha256: string | null;
  /** The legs of one multisport file share this id (migration 0012); null otherwise. */
  multisportId: string | null;
  /** 0, 1, 2… in time order among the legs of a multisport file; null otherwise. */
  legIndex: number | null;
  uploadedAt: Timestamp | null;
  /** The start given for a file without times (its archive's activities.csv row, or the runner's). */
  givenStart: Timestamp | null;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
  stravaId: string | null;
  duplicateOf: string | null;
  strava: Json<Record<string, unknown>> | null;
  /** Detail-only Strava fields, kept apart from `strava` (which a sync compares). */
  stravaDetail: Json<Record<string, unknown>> | null;
  syncedAt: Timestamp | null;
  detailCachedAt: Timestamp | null;
  streamsCachedAt: Timestamp | null;
  /** Physically implausible (core/activity/plausibility.ts): left out of totals until confirmed. */
  flagged: Generated<boolean>;
  /** The sentence saying why, shown to the runner. */
  flagReason: string | null;
  /** When the runner confirmed a flagged activity; from then on it counts. */
  flagConfirmedAt: Timestamp | null;
  /** The derivation rules the figures come from (core/activity/derivation.ts); 0 before versions. */
  derivationVersion: Generated<number>;
  /**
   * When the figures read from the track (best efforts, heart-rate histogram) were worked out, even
   * if there are none; null: still to do.
   */
  trackFiguresAt: Timestamp | null;
  /** Seconds at ≤ b bpm at index b (core/running/heart-rate-zones.ts); null without heart rate. */
  heartRateSecondsAtMost: number[] | null;
  /** When the run was offered to the runner's plans to tick a task; null: still to offer. */
  planMatchedAt: Timestamp | null;
  /** Strava answered for good without a usable detail: the best-efforts back-fill does not ask again. */
  stravaDetailRefusedAt: Timestamp | null;
  /** An app server's best-efforts back-fill is fetching this run's detail until then. */
  effortsClaimedUntil: Timestamp | null;
  /** The runner's own notes (core/activity/activity-edit.ts): never shown publicly. */
  privateNotes: Generated<string>;
  /** The runner's word on counting: true counts even when flagged, false never; null: the flag decides. */
  countedOverride: boolean | null;
  /** The runner chose the type: re-deriving the file keeps it. */
  typeEdited: Generated<boolean>;
  /** The gear it was done with (core/gear.ts); null: none. */
  gearId: string | null;
  /** The runner (or Strava) chose the gear: a re-type keeps it. */
  gearChosen: Generated<boolean>;
  /** Still to be given its sport's default gear (the "gear defaults" reaction). */
  gearPending: Generated<boolean>;
  /** The runner's corrections of the file's figures (core/activity/activity-corrections.ts); null: none. */
  overrides: Json<ActivityOverrides> | null;
  /** What the file gave for the corrected fields, while the activity is corrected; null otherwise. */
  fileFigures: Json<FileFigures> | null;
}

export interface ActivityTracksTable {
  activityId: string;
  pointCount: number;
  data: Uint8Array;
}

export interface ActivityFilesTable {
  activityId: string;
  contentEncoding: 'gzip';
  data: Uint8Array;
}

/** The fastest stretch of a standard distance in one run (core/running/best-efforts.ts). */
export interface BestEffortsTable {
  activityId: string;
  userId: string;
  /** BEST_EFFORT_DISTANCES id: '400m', '1k', '1mi', '5k', '10k', 'half', 'marathon'. */
  distanceId: string;
  seconds: number;
  /** 'track' (worked out by Stride) or 'strava' (Strava's best_efforts). */
  source: string;
}

/** A charted, timed activity's training load on its local day (migration 0029, load-aggregates.ts). */
export interface ActivityLoadsTable {
  activityId: string;
  userId: string;
  /** The activity's own local day, "YYYY-MM-DD". */
  day: string;
  type: UploadActivityType;
  load: number;
}

/** A runner's charted history in brief, and the maximum heart rate their stored loads used (migration 0029). */
export interface LoadExtentsTable {
  userId: string;
  firstDay: string | null;
  maxHeartrate: number | null;
  loadMaxHeartRate: number;
}

export interface UserMedalsTable {
  id: string;
  userId: string;
  medalId: string;
  title: string;
  description: string;
  icon: string;
  type: string;
  earnedAt: Timestamp;
  isNew: Generated<boolean>;
  viewedAt: Timestamp | null;
  value: string | null;
  activityId: string | null;
  /** The medal rules' version it was awarded or last re-derived under (MEDAL_RULES_VERSION). */
  rulesVersion: Generated<number>;
}

export interface MedalAwardsTable {
  id: string;
  userId: string;
  medalType: string;
  earnedAt: Timestamp;
}

export interface UserAnalyticsTable {
  userId: string;
  createdAt: CreatedAt;
  lastActive: UpdatedAt;
  streakCurrent: number;
  streakLongest: number;
  streakLastActiveDate: string | null;
  minutesSpentPlanning: Generated<number>;
  medalsEarned: Generated<number>;
  totalMedals: number;
  screenshotsTaken: Generated<number>;
  totalSessions: Generated<number>;
  lastUpdated: UpdatedAt;
}

export interface UploadUsageTable {
  id: string;
  userId: string;
  receivedAt: CreatedAt;
  files: number;
  /** bigint: read back through a cast to a number. */
  bytes: ColumnType<string, number, never>;
}

/** The archived hour nearest an activity's start. */
export interface ActivityWeatherTable {
  activityId: string;
  userId: string;
  hour: Timestamp;
  temperature: number;
  precipitation: number | null;
  windSpeed: number | null;
  weatherCode: number | null;
  sourceUrl: string;
  fetchedAt: Timestamp;
}

/** An export archive being imported, or imported (migration 0039). */
export interface ArchiveImportsTable {
  id: string;
  userId: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  timeZone: string;
  status: string;
  total: Generated<number>;
  done: Generated<number>;
  imported: Generated<number>;
  duplicates: Generated<number>;
  refused: Generated<number>;
  message: string | null;
  leasedUntil: Date | null;
  createdAt: CreatedAt;
  finishedAt: Date | null;
}

/** One entry of an archive handled: the per-file report and the resume point. */
export interface ArchiveImportEntriesTable {
  importId: string;
  entryKey: string;
  position: number;
  name: string;
  outcome: string;
  message: string | null;
  activityId: string | null;
}

/** A deleted activity kept for the undo window (migration 0050): what goes back on an undo. */
export interface DeletedActivitiesTable {
  activityId: string;
  userId: string;
  deletedAt: Timestamp;
  kept: Json<DeletedActivityKept>;
}

/** What deleted-activity-repository.ts keeps of a deleted activity, as `to_jsonb` wrote it (snake_case columns). */
export interface DeletedActivityKept {
  activity: Record<string, unknown>;
  track: Record<string, unknown> | null;
  file: Record<string, unknown> | null;
  weather: Record<string, unknown> | null;
  load: Record<string, unknown> | null;
  bestEfforts: Record<string, unknown>[];
  medals: { id: string; value: string | null }[];
  duplicates: string[];
}
