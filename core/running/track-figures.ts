/**
 * The figures read from an activity's track, worked out once per activity: a run's best efforts
 * (only while its distance and times are the file's: trackEffortsStand) and the heart-rate histogram
 * behind the zones. An upload's are worked out with its file (the import worker), any other
 * activity's after the change that brought its track (server/services/best-efforts-service.ts).
 */
import { trackEffortsStand, type ActivityOverrides } from '../activity/activity-corrections.ts';
import type { Track } from '../activity/track.ts';
import { BEST_EFFORT_TYPES, effortsFromTrack, type ActivityBestEffort } from './activity-best-efforts.ts';
import { heartRateSecondsAtMost } from './heart-rate-zones.ts';

export interface TrackFigures {
  efforts: ActivityBestEffort[];
  heartRateSecondsAtMost: number[] | null;
}

/** Whether the activity's best efforts are measured along its track (module comment). */
export function effortsFromItsTrack(type: string, overrides: ActivityOverrides | null): boolean {
  return BEST_EFFORT_TYPES.includes(type) && trackEffortsStand(overrides);
}

/** The track's figures; `efforts: false` leaves the best efforts out (Strava gave its own). */
export function trackFigures(
  type: string,
  overrides: ActivityOverrides | null,
  track: Track,
  options: { efforts: boolean } = { efforts: true },
): TrackFigures {
  return {
    efforts: options.efforts && effortsFromItsTrack(type, overrides) ? effortsFromTrack(track) : [],
    heartRateSecondsAtMost: heartRateSecondsAtMost(track),
  };
}
