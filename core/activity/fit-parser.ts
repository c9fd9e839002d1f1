/**
 * The FIT reader (Garmin's binary activity format), through Garmin's own SDK (@garmin/fitsdk).
 * Stride parses FIT for real where spec §5 said "coming soon" (DESIGN.md).
 *
 * FIT is not streamed: the SDK decodes from one buffer, and a FIT file is compact (a 10-hour
 * activity at one record per second is about 1.5 MB), so `write` only collects the chunks.
 * What it keeps:
 * - records with a position become track points (semicircles → degrees), with time, altitude
 *   (enhanced first), heart rate, cadence (+ fractional part) and the device's own distance; a
 *   file with no positions at all (indoors) keeps its records without them;
 * - sessions give the sport, the device totals (the ground truth Stride's figures are checked
 *   against) and, for multisport files, one leg per session (legsOf);
 * - laps keep the device's lap figures; the device and product name give deviceName;
 * - timer events give when the device's timer stood still (timerPausesOf).
 *
 * Its length is one concern: one file format, read whole through the SDK, with its repairs of what
 * devices write wrong.
 */
import { Decoder, Profile, Stream, type MesgDefinition } from '@garmin/fitsdk';
import type {
  ActivityFileParser,
  DeviceTotals,
  ParsedActivity,
  ParsedLap,
  ParsedLeg,
  TimerPause,
  UploadActivityType,
} from './parsed.ts';
import { computeCumulativeDistance } from './track-distance.ts';
import { FIT_READING_WARNINGS, fitFileTypeRefusal } from './fit-file-types.ts';
import { repairFit } from './fit-repair.ts';
import { concatBytes } from '../bytes.ts';
import { PLAUSIBLE_RANGES } from '../plausible-ranges.ts';
import { activityTypeFromFitSport } from './sport-type.ts';
import { hasPositions, indoorTrackHasData, TrackBuilder, type Track, type TrackPointInput } from './track.ts';
import { ActivityFileError, FIT_CONTENT_MESSAGES } from './upload-rules.ts';

/** FIT stores latitude and longitude as signed 32-bit "semicircles": 2^31 of them make 180°. */
const DEGREES_PER_SEMICIRCLE = 180 / 2 ** 31;

/** A decoded message as the SDK returns it: field names in camelCase, values loosely typed. */
type FitMessage = Readonly<Record<string, unknown>>;

/**
 * FIT date_time values below 0x10000000 seconds are not dates but seconds since the device was
 * switched on (FIT protocol, "date_time"): the earliest absolute time, in ms since the epoch.
 */
const FIT_EPOCH_MS = Date.UTC(1989, 11, 31);
const FIT_MIN_ABSOLUTE_TIME_MS = FIT_EPOCH_MS + 0x10000000 * 1000;

/**
 * The records whose timestamp could be when they were recorded: an absolute FIT time, within the
 * longest plausible recording of the median record's time. A garbled record (the Strava Android
 * app's stamped 2085 in a 2021 run) is decades away from its neighbours and says nothing true.
 */
function recordsWithPossibleTimes(records: readonly FitMessage[]): { kept: FitMessage[]; ignored: number } {
  const times = records.map((record) => timeField(record, 'timestamp')).filter((time) => !Number.isNaN(time));
  if (times.length === 0) {
    return { kept: [...records], ignored: 0 };
  }
  const sorted = Float64Array.from(times).sort();
  const median = sorted[sorted.length >> 1] as number;
  const span = PLAUSIBLE_RANGES.elapsedSeconds.max * 1000;
  // A file whose records mostly carry relative times (a device without a clock) keeps them.
  const earliest = median >= FIT_MIN_ABSOLUTE_TIME_MS ? FIT_MIN_ABSOLUTE_TIME_MS : Number.NEGATIVE_INFINITY;
  const kept = records.filter((record) => {
    const time = timeField(record, 'timestamp');
    return Number.isNaN(time) || (time >= earliest && Math.abs(time - median) <= span);
  });
  return { kept, ignored: records.length - kept.length };
}

/** How much more distance a session may say than the records cover before they end early (1 %). */
const RECORDS_END_EARLY_MARGIN = 0.01;

/** A device odometer reading this far below the one before is a new session's, from 0 again. */
const ODOMETER_RESTART_M = 1;

function invalidFormat(): ActivityFileError {
  return new ActivityFileError('fit', FIT_CONTENT_MESSAGES.invalidFormat);
}

function numberField(message: FitMessage, field: string): number {
  const value = message[field];
  return typeof value === 'number' && Number.isFinite(value) ? value : Number.NaN;
}

function textField(message: FitMessage, field: string): string | null {
  const value = message[field];
  if (typeof value === 'string') {
    return value.trim() === '' ? null : value.trim();
  }
  return null;
}

/** A date-time field as ms since the epoch (the SDK converts FIT's own epoch to Date), or NaN. */
function timeField(message: FitMessage, field: string): number {
  const value = message[field];
  return value instanceof Date ? value.getTime() : Number.NaN;
}

/**
 * Works around a crash in @garmin/fitsdk 21.217: when one message holds both a field whose
 * components expand into an accumulated field and that accumulated field itself (Garmin multisport
 * records carry `cycles` and `totalCycles` side by side), the decoder throws "Cannot read properties
 * of undefined" and drops every later message — triathlon_summary_first.fit lost all its records.
 * Stride reads neither field, so the accumulated field's number is changed to one the profile does
 * not define: the decoder then reads its bytes and skips it. The listener receives a shallow copy
 * of the definition whose `fieldDefinitions` array is the decoder's own, which is what makes the
 * change take effect; should a later SDK copy deeper, the change is simply lost and the file fails
 * as "Invalid FIT file format" instead of importing wrong data.
 */
const UNDEFINED_FIELD_NUMBER = 255;
function skipAccumulatedFieldClashes(definition: MesgDefinition): void {
  const profile = Profile.messages[definition.globalMessageNumber];
  if (profile === undefined) {
    return;
  }
  const expandedInto = new Set<number>();
  for (const field of definition.fieldDefinitions) {
    for (const component of profile.fields[field.fieldDefinitionNumber]?.components ?? []) {
      expandedInto.add(Number(component));
    }
  }
  for (const field of definition.fieldDefinitions) {
    if (expandedInto.has(field.fieldDefinitionNumber) && profile.fields[field.fieldDefinitionNumber]?.isAccumulated) {
      field.fieldDefinitionNumber = UNDEFINED_FIELD_NUMBER;
    }
  }
}

type FitMessages = Record<string, FitMessage[] | undefined>;

/** The SDK's reading of a file, or null when it did not read it whole. */
function decodeWhole(bytes: Uint8Array): FitMessages | null {
  const stream = Stream.fromByteArray(bytes);
  if (!Decoder.isFIT(stream)) {
    return null;
  }
  const decoder = new Decoder(stream);
  if (!decoder.checkIntegrity()) {
    return null;
  }
  const { messages, errors } = decoder.read({ mesgDefinitionListener: skipAccumulatedFieldClashes });
  // The SDK stops at the first error and returns what it had: a partial reading is not used.
  return errors.length > 0 ? null : (messages as unknown as FitMessages);
}

/**
 * The file's messages and what Stride had to say about reading them. A file the SDK refuses is
 * repaired where it can be (fit-repair.ts: compressed timestamps, trailing bytes, an early end);
 * a file that ends early gets a warning, for the rest of its activity is lost.
 */
function decode(bytes: Uint8Array): { messages: FitMessages; warnings: string[] } {
  try {
    const whole = decodeWhole(bytes);
    if (whole !== null) {
      return { messages: whole, warnings: [] };
    }
    const repair = repairFit(bytes);
    const messages = repair === null ? null : decodeWhole(repair.bytes);
    if (repair === null || messages === null) {
      throw invalidFormat();
    }
    return {
      messages,
      warnings: [
        ...(repair.skippedMessages > 0 ? [FIT_READING_WARNINGS.partlyUnreadable] : []),
        ...(repair.truncated ? [FIT_READING_WARNINGS.endsEarly] : []),
      ],
    };
  } catch (error) {
    throw error instanceof ActivityFileError ? error : invalidFormat();
  }
}

/** First index whose time is at or after `time` (the track is sorted by time). */
function firstIndexAtOrAfter(track: Track, time: number): number {
  let low = 0;
  let high = track.time.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((track.time[middle] as number) < time) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

/** FIT timer event types that stop the timer (FIT profile "event_type"). */
const TIMER_STOPS = new Set(['stop', 'stopAll', 'stopDisable', 'stopDisableAll']);

/**
 * When the device's timer stood still: from each timer event that stops it to the next that starts
 * it again. A stop with no start after it ends the recording, not a pause.
 */
function timerPausesOf(events: readonly FitMessage[]): TimerPause[] {
  const timerEvents = events
    .filter((event) => textField(event, 'event') === 'timer' && !Number.isNaN(timeField(event, 'timestamp')))
    .sort((a, b) => timeField(a, 'timestamp') - timeField(b, 'timestamp'));
  const pauses: TimerPause[] = [];
  let stoppedAt = Number.NaN;
  for (const event of timerEvents) {
    const at = timeField(event, 'timestamp');
    if (TIMER_STOPS.has(textField(event, 'eventType') ?? '')) {
      stoppedAt = Number.isNaN(stoppedAt) ? at : stoppedAt;
    } else if (textField(event, 'eventType') === 'start' && !Number.isNaN(stoppedAt)) {
      if (at > stoppedAt) {
        pauses.push({ startMs: stoppedAt, endMs: at });
      }
      stoppedAt = Number.NaN;
    }
  }
  return pauses;
}

function lapsOf(lapMessages: readonly FitMessage[], track: Track): ParsedLap[] {
  const sorted = [...lapMessages].sort((a, b) => timeField(a, 'startTime') - timeField(b, 'startTime'));
  const starts = sorted.map((lap) => {
    const start = timeField(lap, 'startTime');
    return Number.isNaN(start) ? 0 : firstIndexAtOrAfter(track, start);
  });
  return sorted.map((lap, i) => {
    const cadence = numberField(lap, 'avgCadence');
    const fraction = numberField(lap, 'avgFractionalCadence');
    return {
      startTime: timeField(lap, 'startTime'),
      startIndex: starts[i] as number,
      endIndex: starts[i + 1] ?? track.time.length,
      totalTimeS: numberField(lap, 'totalTimerTime'),
      distanceM: numberField(lap, 'totalDistance'),
      averageHeartrate: numberField(lap, 'avgHeartRate'),
      maxHeartrate: numberField(lap, 'maxHeartRate'),
      averageCadence: Number.isNaN(fraction) ? cadence : cadence + fraction,
    };
  });
}

function sumField(sessions: readonly FitMessage[], field: string): number {
  const known = sessions.map((session) => numberField(session, field)).filter((value) => !Number.isNaN(value));
  return known.length === 0 ? Number.NaN : known.reduce((sum, value) => sum + value, 0);
}

/** A session's or sport message's type from its sport and sub_sport (sport-type.ts). */
function fitTypeOf(message: FitMessage): UploadActivityType | null {
  return activityTypeFromFitSport(textField(message, 'sport'), textField(message, 'subSport'));
}

/**
 * The sport of the file: its one session's sport and sub_sport, else its sport message's. A
 * multisport file (a triathlon: swim, transition, bike, transition, run) has a session per leg,
 * and each leg becomes an activity with its own sport (legsOf): the file's own type is then its
 * first leg's, and its label lists the legs' sports.
 */
function sportOf(sessions: readonly FitMessage[], sportMessages: readonly FitMessage[]) {
  const sport = sportMessages[0];
  if (sessions.length === 0) {
    return {
      declaredType: sport ? fitTypeOf(sport) : null,
      sportLabel: sport ? textField(sport, 'sport') : null,
    };
  }
  const legs = sessions.filter((session) => !isTransition(session));
  const labels = [...new Set(legs.map((leg) => textField(leg, 'sport')).filter((label) => label !== null))];
  return {
    declaredType: legs.map(fitTypeOf).find((type) => type !== null) ?? null,
    sportLabel: labels.length === 0 ? null : labels.join(' + '),
  };
}

const isTransition = (session: FitMessage) => textField(session, 'sport') === 'transition';

function totalsOf(sessions: readonly FitMessage[]): DeviceTotals {
  return {
    distanceM: sumField(sessions, 'totalDistance'),
    timerTimeS: sumField(sessions, 'totalTimerTime'),
    elapsedTimeS: sumField(sessions, 'totalElapsedTime'),
    ascentM: sumField(sessions, 'totalAscent'),
    calories: sumField(sessions, 'totalCalories'),
    maxSpeedMps: maxField(sessions, 'enhancedMaxSpeed', 'maxSpeed'),
  };
}

/** The highest of a field over the sessions (its enhanced form, else the plain one); NaN when none has it. */
function maxField(sessions: readonly FitMessage[], enhanced: string, plain: string): number {
  const known = sessions
    .map((session) => {
      const value = numberField(session, enhanced);
      return Number.isNaN(value) ? numberField(session, plain) : value;
    })
    .filter((value) => !Number.isNaN(value));
  return known.length === 0 ? Number.NaN : Math.max(...known);
}

/**
 * When a session ran, in ms since the epoch. Devices do not always start a session with its first
 * record: a Garmin fenix 2 wrote the first session of a multisport file 45 minutes after its
 * first record, with its end (timestamp) and elapsed time right. A session ends at its timestamp
 * when that is after its start (a summary written first stamps every session with the file's
 * first instant: then at start + elapsed time), and starts at its start_time or, when earlier,
 * its elapsed time before its end.
 */
function sessionWindow(session: FitMessage): { start: number; end: number } {
  const startTime = timeField(session, 'startTime');
  const elapsedMs = numberField(session, 'totalElapsedTime') * 1000;
  const stamp = timeField(session, 'timestamp');
  const end = stamp > startTime ? stamp : Number.isFinite(elapsedMs) ? startTime + elapsedMs : Number.POSITIVE_INFINITY;
  const start = Number.isFinite(elapsedMs) && Number.isFinite(end) ? Math.min(startTime, end - elapsedMs) : startTime;
  return { start, end };
}

/** A leg's type: its session's sport, and "other" when it does not say ("generic" is never a run). */
function legTypeOf(session: FitMessage): UploadActivityType | null {
  return isTransition(session) ? null : (fitTypeOf(session) ?? 'other');
}

/**
 * A multisport file's legs: each session holds the records within its time window (sessionWindow),
 * from its start to its end inclusive; a record at the start of the next session belongs to that
 * one. Records outside every session belong to none. Undefined for a file of one session, or when
 * a session does not say when it started.
 */
function legsOf(sessions: readonly FitMessage[], track: Track): ParsedLeg[] | undefined {
  if (sessions.length < 2 || sessions.some((session) => Number.isNaN(timeField(session, 'startTime')))) {
    return undefined;
  }
  const windows = sessions.map(sessionWindow);
  let previousEnd = 0;
  return sessions.map((session, i) => {
    const window = windows[i] as { start: number; end: number };
    const next = windows[i + 1];
    const boundary = Math.min(next?.start ?? Number.POSITIVE_INFINITY, window.end + 1);
    const startIndex = Math.max(previousEnd, firstIndexAtOrAfter(track, window.start));
    const endIndex = Math.max(
      startIndex,
      Number.isFinite(boundary) ? firstIndexAtOrAfter(track, boundary) : track.time.length,
    );
    previousEnd = endIndex;
    return {
      type: legTypeOf(session),
      transition: isTransition(session),
      sportLabel: textField(session, 'sport'),
      startTime: Math.max(window.start, track.time[startIndex] ?? window.start),
      startIndex,
      endIndex,
      deviceTotals: totalsOf([session]),
    };
  });
}

function capitalize(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** "Suunto Vertical 2" when the file names the product, else "Garmin fr965" from the product code. */
function deviceNameOf(messages: FitMessages): string | null {
  const candidates = [
    ...(messages.fileIdMesgs ?? []),
    ...(messages.deviceInfoMesgs ?? []).filter((info) => info.deviceIndex === 'creator' || info.deviceIndex === 0),
  ];
  for (const message of candidates) {
    const productName = textField(message, 'productName');
    if (productName !== null) {
      return productName;
    }
  }
  for (const message of candidates) {
    const manufacturer = textField(message, 'manufacturer');
    const product = textField(message, 'garminProduct') ?? textField(message, 'product');
    if (manufacturer !== null) {
      return product === null ? capitalize(manufacturer) : `${capitalize(manufacturer)} ${product}`;
    }
  }
  return null;
}

export function createFitParser(): ActivityFileParser {
  // The chunks are kept as given until finish (callers pass fresh buffers, as Node streams do).
  const chunks: Uint8Array[] = [];
  let length = 0;

  return {
    write(chunk) {
      chunks.push(chunk);
      length += chunk.length;
    },
    finish(): ParsedActivity {
      const { messages, warnings } = decode(concatBytes(chunks, length));
      chunks.length = 0;
      // A workout, course, settings or monitoring file is refused for what it is, even when it
      // would decode as an activity (a course has records with positions, but nobody ran it).
      const refusal = fitFileTypeRefusal(messages.fileIdMesgs?.[0]?.type);
      if (refusal !== null) {
        throw new ActivityFileError('fit', refusal);
      }

      // Records without a position are kept for an indoor activity (treadmill, trainer, yoga).
      const builder = new TrackBuilder(4096, { keepUnpositioned: true });
      const point: TrackPointInput = { lat: Number.NaN, lon: Number.NaN };
      const sessions = [...(messages.sessionMesgs ?? [])].sort(
        (a, b) => sessionWindow(a).start - sessionWindow(b).start,
      );
      // The device's distance is an odometer that records without a position (in a tunnel, under
      // water) still advance: each point takes the latest reading so far, never a smaller one.
      // In a multisport file it starts again from 0 with each session: a reading that falls back
      // by more than ODOMETER_RESTART_M goes on from the distance so far.
      const restarts = sessions.length > 1;
      let odometer = Number.NaN;
      let lastReading = Number.NaN;
      let restartedAt = 0;
      const records = recordsWithPossibleTimes(messages.recordMesgs ?? []);
      if (records.ignored > 0 && !warnings.includes(FIT_READING_WARNINGS.partlyUnreadable)) {
        warnings.unshift(FIT_READING_WARNINGS.partlyUnreadable);
      }
      for (const record of records.kept) {
        const reading = numberField(record, 'distance');
        if (!Number.isNaN(reading)) {
          if (restarts && reading < lastReading - ODOMETER_RESTART_M) {
            restartedAt = odometer;
          }
          lastReading = reading;
          odometer = Number.isNaN(odometer) ? reading : Math.max(odometer, restartedAt + reading);
        }
        const altitude = numberField(record, 'enhancedAltitude');
        const cadence = numberField(record, 'cadence');
        const fraction = numberField(record, 'fractionalCadence');
        point.lat = numberField(record, 'positionLat') * DEGREES_PER_SEMICIRCLE;
        point.lon = numberField(record, 'positionLong') * DEGREES_PER_SEMICIRCLE;
        point.time = timeField(record, 'timestamp');
        point.elevation = Number.isNaN(altitude) ? numberField(record, 'altitude') : altitude;
        point.heartRate = numberField(record, 'heartRate');
        point.cadence = Number.isNaN(fraction) ? cadence : cadence + fraction;
        point.distance = odometer;
        builder.push(point);
      }
      if (builder.length < 2) {
        throw new ActivityFileError('fit', FIT_CONTENT_MESSAGES.noValidPoints);
      }
      const deviceDistance = builder.hasDeviceDistance;
      const track = builder.finish();
      if (!hasPositions(track) && !indoorTrackHasData(track)) {
        throw new ActivityFileError('fit', FIT_CONTENT_MESSAGES.noValidPoints);
      }
      const last = track.time.length - 1;
      if (deviceDistance && odometer > (track.distance[last] as number)) {
        // Distance the device counted after its last position fix was still covered: the last
        // point carries the final reading, so the track's distance is the device's.
        track.distance[last] = odometer;
      }
      computeCumulativeDistance(track);

      const deviceTotals = sessions.length === 0 ? null : totalsOf(sessions);
      const legs = legsOf(sessions, track);
      // A file not read whole whose records cover less than its session says was covered: the
      // records end early, and the session's totals are the activity's distance and time.
      const recordsEndEarly =
        warnings.length > 0 &&
        legs === undefined &&
        deviceTotals !== null &&
        deviceTotals.distanceM > (track.distance[last] as number) * (1 + RECORDS_END_EARLY_MARGIN);
      return {
        format: 'fit',
        // FIT files carry no activity name (the sport message's name is the sport profile's, e.g. "Run").
        name: null,
        ...sportOf(sessions, messages.sportMesgs ?? []),
        deviceName: deviceNameOf(messages),
        track,
        deviceDistance,
        laps: lapsOf(messages.lapMesgs ?? [], track),
        deviceTotals,
        ...(legs ? { legs } : {}),
        ...(warnings.length > 0 ? { warnings } : {}),
        ...(recordsEndEarly ? { recordsEndEarly } : {}),
        timerPauses: timerPausesOf(messages.eventMesgs ?? []),
        ...(sessions.length === 1 ? { timerStart: sessionWindow(sessions[0] as FitMessage).start } : {}),
      };
    },
  };
}
