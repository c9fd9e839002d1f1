/**
 * The runs the medal rules see (spec §5 "Medal rules"): only runs with distance > 0 from the user
 * (never sample or mock data), sorted once by UTC start, with what several rules share — the local
 * wall-clock starts and the distinct run days — worked out on first use. Building it never throws,
 * so one bad activity cannot stop every rule; reading local starts throws for an unreadable one.
 */
import type { ActivitySummary } from '../activity/schemas.ts';
import { countsInTotals } from '../activity/untimed.ts';
import { NON_USER_SOURCES } from './catalogue.ts';
import { epochDayOf } from '../calendar-days.ts';

/** The fields of a stored activity the rules read; an ActivitySummary can be passed as is. */
export interface MedalActivity extends Pick<
  ActivitySummary,
  'id' | 'startDate' | 'startDateLocal' | 'distance' | 'movingTime' | 'hasTiming' | 'elevationGain'
> {
  /** 'run' | 'ride' | 'walk' in Stride; "Run" in the spec. */
  type: string;
  /** Stride's 'upload' | 'strava' | 'placeholder', or the spec's "gpx_upload", "uploaded", "mock". */
  source: string;
}

export interface CountedRun {
  id: string;
  source: string;
  distance: number;
  movingTime: number;
  elevationGain: number;
  /** It counts in totals: it has times (core/activity/untimed.ts countsInTotals). */
  timed: boolean;
  /** startDateLocal as stored, for error messages. */
  localText: string;
}

export interface LocalStart {
  /** Days since 1970-01-01 of the local calendar date. */
  day: number;
  hour: number;
  /** "MM-DD". */
  monthDay: string;
}

const LOCAL_START = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})/;

/** The local day and hour of a "YYYY-MM-DDTHH:mm[:ss…]" wall-clock time, or null when unreadable. */
export function parseLocalStart(text: string): LocalStart | null {
  const match = typeof text === 'string' ? LOCAL_START.exec(text) : null;
  if (!match) {
    return null;
  }
  const day = epochDayOf(Number(match[1]), Number(match[2]), Number(match[3]));
  const hour = Number(match[4]);
  if (day === null || hour > 23 || Number(match[5]) > 59) {
    return null;
  }
  return { day, hour, monthDay: `${match[2]}-${match[3]}` };
}

function isCountedRun(activity: MedalActivity): boolean {
  return (
    typeof activity.type === 'string' &&
    activity.type.toLowerCase() === 'run' &&
    Number.isFinite(activity.distance) &&
    activity.distance > 0 &&
    !NON_USER_SOURCES.includes(activity.source)
  );
}

/** Chronological sort key: the UTC start in ms, unreadable starts last. */
function startKey(activity: MedalActivity): number {
  const ms = typeof activity.startDate === 'string' ? Date.parse(activity.startDate) : Number.NaN;
  return Number.isNaN(ms) ? Number.POSITIVE_INFINITY : ms;
}

/** Sorted distinct local days with a timed run, and the first run of each (parallel arrays). */
interface RunDays {
  days: number[];
  firstRuns: CountedRun[];
}

/**
 * The counted runs, sorted once, with what several rules share (local starts, run days) worked out
 * on first use. Building it never throws, so one bad activity cannot stop every rule.
 */
export class RunHistory {
  /** Every counted run, oldest first. */
  readonly runs: CountedRun[];
  /** The counted runs with times (countsInTotals), oldest first. */
  readonly timedRuns: CountedRun[];
  private localStarts: LocalStart[] | undefined;
  private runDays: RunDays | undefined;

  constructor(activities: readonly MedalActivity[]) {
    const keyed: { key: number; run: CountedRun }[] = [];
    for (const activity of activities) {
      if (!isCountedRun(activity)) {
        continue;
      }
      const movingTime = Number.isFinite(activity.movingTime) ? activity.movingTime : 0;
      keyed.push({
        key: startKey(activity),
        run: {
          id: activity.id,
          source: activity.source,
          distance: activity.distance,
          movingTime,
          elevationGain: Number.isFinite(activity.elevationGain) ? activity.elevationGain : 0,
          timed: countsInTotals({ hasTiming: activity.hasTiming, movingTime }),
          localText: activity.startDateLocal,
        },
      });
    }
    // Array.prototype.sort is stable: runs starting at the same instant keep the input order.
    keyed.sort((a, b) => (a.key === b.key ? 0 : a.key < b.key ? -1 : 1));
    this.runs = keyed.map((entry) => entry.run);
    this.timedRuns = this.runs.filter((run) => run.timed);
  }

  /** Local starts of `timedRuns` (same order). Throws when one cannot be read. */
  timedLocalStarts(): LocalStart[] {
    if (!this.localStarts) {
      this.localStarts = this.timedRuns.map((run) => {
        const local = parseLocalStart(run.localText);
        if (!local) {
          throw new Error(`Activity ${run.id} has an unreadable local start time "${String(run.localText)}"`);
        }
        return local;
      });
    }
    return this.localStarts;
  }

  /** Distinct local days with a timed run, ascending, with each day's first run. */
  days(): RunDays {
    if (!this.runDays) {
      const starts = this.timedLocalStarts();
      const order = starts.map((_, index) => index);
      // By day, then chronologically (the index is the chronological position).
      order.sort((a, b) => (starts[a] as LocalStart).day - (starts[b] as LocalStart).day || a - b);
      const days: number[] = [];
      const firstRuns: CountedRun[] = [];
      for (const index of order) {
        const day = (starts[index] as LocalStart).day;
        if (days[days.length - 1] !== day) {
          days.push(day);
          firstRuns.push(this.timedRuns[index] as CountedRun);
        }
      }
      this.runDays = { days, firstRuns };
    }
    return this.runDays;
  }
}
