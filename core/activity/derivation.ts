/**
 * Which derivation rules an imported activity's figures come from. Every uploaded activity stores
 * the version it was derived with; at start-up the server re-derives every upload below the current
 * version from its kept original file (server/services/activity-rederive.ts).
 *
 * Bump ACTIVITY_DERIVATION_VERSION whenever a rule that turns a file into an activity changes (a
 * parser, describeActivity, metrics, splits, names, cadence, sport types, plausibility flags...),
 * so that activities imported before get the new figures too.
 */
import { isRealActivityName } from './activity-name.ts';
import { normaliseActivityName } from './schemas.ts';

/**
 * 1: segment gaps, untimed tracks, generated names, steps per minute, sport types, FIT repair, flags.
 * 2: laps from the file's own lap totals (else their own points, the gap before them included);
 *    multisport legs by session time windows, the odometer starting again with each session, a
 *    generic session "other"; FIT files read past records written short and impossible times,
 *    session totals when the records end early, and what could not be read kept on the activity;
 *    elevation gain measured between the recorded elevations where climbs turn (summits kept);
 *    plausibility judged on the speed held over 30 s (one GPS jump no longer flags a run), heart
 *    rate and cadence averages weighted by time, splits in whole seconds without a tiny last split;
 *    values outside the plausible ranges (core/plausible-ranges.ts) dropped from their points.
 * 3: the device's timer kept beside the moving time (FIT session total_timer_time, TCX laps'
 *    TotalTimeSeconds), with each split's timer time (an auto-lap's own lap times, else the elapsed
 *    time less the FIT timer's pauses); the elapsed time never less than the timer. The maximum
 *    speed held over 10 s, which the plausibility flag judges (a one-point GPS spike neither flags
 *    a run nor sets its maximum speed); a FIT file's own maximum speed when it is possible for the
 *    sport; a TCX's notes the description, never the name.
 */
export const ACTIVITY_DERIVATION_VERSION = 3;

/**
 * The name an activity keeps when it is re-derived: a name the runner gave it (or a real one from
 * the file) stays; a name that only stamps a time or is a device's default ("2013-07-06T14:59:00Z",
 * "ACTIVE LOG", "Unknown Activity"), or the file's notes (`fileNotes`: a TCX's <Notes>, which
 * earlier imports took for its name), is what an earlier import made up, and the re-derived name
 * replaces it.
 */
export function nameAfterRederive(storedName: string, derivedName: string, fileNotes = ''): string {
  const fromNotes = fileNotes !== '' && storedName === normaliseActivityName(fileNotes);
  return isRealActivityName(storedName) && !fromNotes ? storedName : derivedName;
}
