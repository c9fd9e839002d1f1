/**
 * Table types for Kysely (server/db/schema.ts lists them all): training: goals, plans, saved
 * routes, gear, coaching check-ins and wellbeing.
 */
import type { UploadActivityType } from '../../../core/activity/parsed.ts';
import type { GearKind } from '../../../core/gear.ts';
import type { ColumnType, Generated } from 'kysely';
import type { CreatedAt, Json, Timestamp, UpdatedAt } from './column-types.ts';

export interface GoalsTable {
  id: string;
  userId: string;
  order: number;
  status: Generated<string>;
  progress: Generated<number>;
  kind: string;
  /** The kind's fields (core/training/goals.ts GoalDefinition), kind included. */
  definition: Json<Record<string, unknown>>;
  /** The runner's zone when the goal was set: its days are that zone's days. */
  timeZone: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A re-plan of a training plan (migration 0052): proposed, then accepted or kept. */
export interface TrainingPlanVersionsTable {
  id: string;
  seq: Generated<number>;
  planId: string;
  userId: string;
  status: 'proposed' | 'accepted' | 'kept' | 'superseded' | 'unchanged';
  kind: string;
  reason: string;
  changes: Json<unknown[]>;
  /** The schedule proposed (core TrainingPlanSchedule). */
  schedule: Json<Record<string, unknown>>;
  /** The schedule an accepted re-plan replaced. */
  replacedSchedule: Json<Record<string, unknown>> | null;
  /** The paces a 'faster' re-plan moves the plan to (core ChosenPaces, migration 0053); null otherwise. */
  paces: Json<Record<string, unknown>> | null;
  /** The plan's local day it was made on. */
  madeOn: string;
  createdAt: CreatedAt;
  decidedAt: Date | null;
}

export interface TrainingPlansTable {
  id: string;
  userId: string;
  goalId: string;
  status: Generated<string>;
  /** The plan request (level, runs a week, long-run day) it was generated from. */
  request: Json<Record<string, unknown>>;
  /** core/training/plan-generation.ts TrainingPlanSchedule. */
  schedule: Json<Record<string, unknown>>;
  /** Spec §3 dailyProgress: "YYYY-MM-DD" → { completedTasks, lastUpdated }. */
  dailyProgress: Json<Record<string, unknown>>;
  timeZone: string;
  /** The secret part of the plan's private calendar feed URL. */
  calendarToken: string;
  createdAt: CreatedAt;
  updatedAt: UpdatedAt;
}

/** A planner route a runner saved (migration 0018): waypoints and drawn line as JSON arrays of {lat, lng}. */
export interface SavedRoutesTable {
  id: string;
  userId: string;
  name: string;
  waypoints: Json<{ lat: number; lng: number }[]>;
  line: Json<{ lat: number; lng: number }[]>;
  /** Metres along the line. */
  distance: number;
  createdAt: Timestamp;
  updatedAt: Timestamp;
}

/** A runner's shoes, bike or other gear (migration 0038, core/gear.ts); distances in metres. */
export interface GearTable {
  id: string;
  userId: string;
  kind: GearKind;
  name: string;
  brand: Generated<string>;
  model: Generated<string>;
  /** YYYY-MM-DD; null when not given. */
  startDate: string | null;
  startingDistance: Generated<number>;
  retirementDistance: number | null;
  retired: Generated<boolean>;
  /** Strava's id of the gear, when it came from the athlete's Strava shoes or bikes. */
  stravaGearId: string | null;
  createdAt: Timestamp;
  /** Insertion order: the list's order. */
  added: Generated<number>;
}

/** The gear a new activity of a sport gets (one per runner and sport). */
export interface GearDefaultsTable {
  userId: string;
  activityType: UploadActivityType;
  gearId: string;
}

/** Spec §3 "Coaching check-in"; `timestamp` is the instant in milliseconds, `date` the runner's local day. */
export interface CoachingCheckInsTable {
  id: string;
  userId: string;
  wellbeingScore: number;
  date: string;
  timestamp: ColumnType<string | number, number, number>;
  note: string | null;
  createdAt: Timestamp;
  sleepQuality: string;
  energyLevel: string;
  stressLevel: string;
  soreness: string;
  hydration: string;
  nutrition: string;
  moodRating: string;
  injuryFeeling: string;
}

export interface CoachingSettingsTable {
  userId: string;
  remindersEnabled: boolean;
  reminderTime: string;
  focus: string;
  updatedAt: Timestamp;
}

/** Spec §3 "Wellbeing entry": one row per runner and local day. */
export interface WellbeingEntriesTable {
  userId: string;
  date: string;
  exercises: ColumnType<string[], string[] | undefined, string[]>;
  updatedAt: Timestamp;
}
