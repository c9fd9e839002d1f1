/**
 * The TCX reader (Garmin Training Center XML): bytes in, a ParsedActivity out. Stride parses TCX
 * for real where spec §5 said "coming soon" (DESIGN.md), with the same messages as GPX in TCX's name.
 *
 * Streams like the GPX reader: a stack of open element names (local names, so `ns3:RunCadence`
 * matches `RunCadence`) decides what each text value is, and trackpoint values go straight into the
 * TrackBuilder's columns. Activities and Courses both count; activity laps keep the file's own lap
 * figures. A course's laps carry no times or points of their own and are not kept.
 */
import { computeCumulativeDistance } from './track-distance.ts';
import type { ActivityFileParser, DeviceTotals, ParsedActivity, ParsedLap } from './parsed.ts';
import { activityTypeFromSport } from './sport-type.ts';
import { hasPositions, indoorTrackHasData, TrackBuilder, type TrackPointInput } from './track.ts';
import { ActivityFileError, TCX_CONTENT_MESSAGES } from './upload-rules.ts';
import { cleanText, clearPoint, xmlActivityParser } from './xml-activity-reader.ts';
import { createXmlStream, MalformedXmlError, type XmlStream } from './xml-stream.ts';
import { parseIsoTimestamp, parseXmlNumber } from './xml-values.ts';

const enum Capture {
  None,
  PointTime,
  PointLatitude,
  PointLongitude,
  PointAltitude,
  PointDistance,
  PointHeartRate,
  PointCadence,
  PointRunCadence,
  LapTotalTime,
  LapDistance,
  LapAverageHeartRate,
  LapMaxHeartRate,
  LapCadence,
  LapRunCadence,
  LapCalories,
  ActivityNotes,
  CourseName,
  CreatorName,
}

function emptyLap(startTime: number, startIndex: number): ParsedLap & { calories: number } {
  return {
    startTime,
    startIndex,
    endIndex: startIndex,
    totalTimeS: Number.NaN,
    distanceM: Number.NaN,
    averageHeartrate: Number.NaN,
    maxHeartrate: Number.NaN,
    averageCadence: Number.NaN,
    calories: Number.NaN,
  };
}

/** Sum of the finite values; NaN when there are none (the file never said). */
function sumKnown(values: readonly number[]): number {
  const known = values.filter((value) => Number.isFinite(value));
  return known.length === 0 ? Number.NaN : known.reduce((sum, value) => sum + value, 0);
}

export function createTcxParser(): ActivityFileParser {
  // Trackpoints without a position are kept for an indoor activity (a treadmill run, a trainer ride).
  const points = new TrackBuilder(4096, { keepUnpositioned: true });
  let tracksInLap = 0;
  const laps: (ParsedLap & { calories: number })[] = [];

  /** Local names of the open elements, root first; `depth` of them are live. */
  const path: string[] = [];
  let depth = 0;
  let rootSeen = false;
  let activities = 0;
  let courses = 0;
  let sport: string | null = null;
  let notes: string | null = null;
  let courseName: string | null = null;
  let creatorName: string | null = null;
  let lap: (ParsedLap & { calories: number }) | null = null;
  let pointDepth = 0;

  const point: TrackPointInput = { lat: Number.NaN, lon: Number.NaN };
  let runCadence = Number.NaN;

  let capture = Capture.None;
  let captureDepth = 0;

  const endCapture = (captured: string) => {
    const value = capture <= Capture.LapCalories ? parseXmlNumber(captured) : Number.NaN;
    switch (capture) {
      case Capture.PointTime:
        point.time = parseIsoTimestamp(captured);
        break;
      case Capture.PointLatitude:
        point.lat = value;
        break;
      case Capture.PointLongitude:
        point.lon = value;
        break;
      case Capture.PointAltitude:
        point.elevation = value;
        break;
      case Capture.PointDistance:
        point.distance = value;
        break;
      case Capture.PointHeartRate:
        point.heartRate = value;
        break;
      case Capture.PointCadence:
        point.cadence = value;
        break;
      case Capture.PointRunCadence:
        runCadence = value;
        break;
      case Capture.LapTotalTime:
        if (lap) {
          lap.totalTimeS = value;
        }
        break;
      case Capture.LapDistance:
        if (lap) {
          lap.distanceM = value;
        }
        break;
      case Capture.LapAverageHeartRate:
        if (lap) {
          lap.averageHeartrate = value;
        }
        break;
      case Capture.LapMaxHeartRate:
        if (lap) {
          lap.maxHeartrate = value;
        }
        break;
      case Capture.LapCadence:
        if (lap) {
          lap.averageCadence = value;
        }
        break;
      case Capture.LapRunCadence:
        // Garmin writes a run's cadence only in the lap extension (LX/AvgRunCadence).
        if (lap && Number.isNaN(lap.averageCadence)) {
          lap.averageCadence = value;
        }
        break;
      case Capture.LapCalories:
        if (lap) {
          lap.calories = value;
        }
        break;
      case Capture.ActivityNotes:
        notes = cleanText(captured);
        break;
      case Capture.CourseName:
        courseName = cleanText(captured);
        break;
      case Capture.CreatorName:
        creatorName = cleanText(captured);
        break;
      case Capture.None:
        break;
    }
    capture = Capture.None;
    captureDepth = 0;
  };

  /** What the text of `name` means, given its parent (and grandparent) elements. */
  const captureFor = (name: string, parent: string | undefined, grandparent: string | undefined): Capture => {
    const inPoint = pointDepth > 0;
    switch (name) {
      case 'Time':
        return parent === 'Trackpoint' ? Capture.PointTime : Capture.None;
      case 'LatitudeDegrees':
        return inPoint && parent === 'Position' ? Capture.PointLatitude : Capture.None;
      case 'LongitudeDegrees':
        return inPoint && parent === 'Position' ? Capture.PointLongitude : Capture.None;
      case 'AltitudeMeters':
        return parent === 'Trackpoint' ? Capture.PointAltitude : Capture.None;
      case 'DistanceMeters':
        if (parent === 'Trackpoint') {
          return Capture.PointDistance;
        }
        return parent === 'Lap' && lap ? Capture.LapDistance : Capture.None;
      case 'Value':
        if (inPoint) {
          return parent === 'HeartRateBpm' ? Capture.PointHeartRate : Capture.None;
        }
        if (lap && grandparent === 'Lap') {
          if (parent === 'AverageHeartRateBpm') {
            return Capture.LapAverageHeartRate;
          }
          if (parent === 'MaximumHeartRateBpm') {
            return Capture.LapMaxHeartRate;
          }
        }
        return Capture.None;
      case 'Cadence':
        if (parent === 'Trackpoint') {
          return Capture.PointCadence;
        }
        return parent === 'Lap' && lap ? Capture.LapCadence : Capture.None;
      case 'RunCadence':
        return inPoint ? Capture.PointRunCadence : Capture.None;
      case 'AvgRunCadence':
        return lap && !inPoint ? Capture.LapRunCadence : Capture.None;
      case 'TotalTimeSeconds':
        return parent === 'Lap' && lap ? Capture.LapTotalTime : Capture.None;
      case 'Calories':
        return parent === 'Lap' && lap ? Capture.LapCalories : Capture.None;
      case 'Notes':
        return parent === 'Activity' && activities === 1 && notes === null ? Capture.ActivityNotes : Capture.None;
      case 'Name':
        if (parent === 'Course' && courses === 1 && courseName === null) {
          return Capture.CourseName;
        }
        return parent === 'Creator' && creatorName === null ? Capture.CreatorName : Capture.None;
      default:
        return Capture.None;
    }
  };

  const xml: XmlStream = createXmlStream({
    open(name, attributes) {
      const parent = depth > 0 ? path[depth - 1] : undefined;
      const grandparent = depth > 1 ? path[depth - 2] : undefined;
      path[depth] = name;
      depth += 1;
      if (depth === 1) {
        if (name !== 'TrainingCenterDatabase') {
          throw new MalformedXmlError(`root element is <${name}>, not <TrainingCenterDatabase>`);
        }
        rootSeen = true;
        return false;
      }
      switch (name) {
        case 'Activity':
          if (parent === 'Activities') {
            activities += 1;
            if (activities === 1) {
              sport = cleanText(attributes.Sport ?? '');
            }
          }
          return false;
        case 'Course':
          if (parent === 'Courses') {
            courses += 1;
          }
          return false;
        case 'Lap':
          if (parent === 'Activity') {
            lap = emptyLap(parseIsoTimestamp(attributes.StartTime ?? ''), points.length);
            tracksInLap = 0;
          }
          return false;
        case 'Track':
          // Devices start another <Track> in a lap after a pause: the gap is not travelled. A new
          // lap is only a marker in one continuous recording.
          if (parent === 'Lap') {
            if (tracksInLap > 0) {
              points.startSegment();
            }
            tracksInLap += 1;
          }
          return false;
        case 'Trackpoint':
          if (parent === 'Track') {
            pointDepth = depth;
            clearPoint(point);
            runCadence = Number.NaN;
          }
          return false;
        default: {
          const what = captureFor(name, parent, grandparent);
          if (what === Capture.None) {
            return false;
          }
          capture = what;
          captureDepth = depth;
          return true;
        }
      }
    },
    close(text) {
      if (capture !== Capture.None && depth === captureDepth) {
        endCapture(text);
      }
      if (depth === pointDepth) {
        if (Number.isNaN(point.cadence)) {
          point.cadence = runCadence;
        }
        points.push(point);
        pointDepth = 0;
      } else if (path[depth - 1] === 'Lap' && lap && path[depth - 2] === 'Activity') {
        lap.endIndex = points.length;
        laps.push(lap);
        lap = null;
      }
      depth -= 1;
    },
  });

  return xmlActivityParser({
    format: 'tcx',
    invalidFormat: TCX_CONTENT_MESSAGES.invalidFormat,
    xml,
    rootSeen: () => rootSeen,
    finish(): ParsedActivity {
      if (activities === 0 && courses === 0) {
        throw new ActivityFileError('tcx', TCX_CONTENT_MESSAGES.noActivities);
      }
      if (points.length < 2) {
        throw new ActivityFileError('tcx', TCX_CONTENT_MESSAGES.noValidPoints);
      }
      const deviceDistance = points.hasDeviceDistance;
      const track = points.finish();
      if (!hasPositions(track) && !indoorTrackHasData(track)) {
        throw new ActivityFileError('tcx', TCX_CONTENT_MESSAGES.noValidPoints);
      }
      computeCumulativeDistance(track);
      // The file's own totals are its laps added up (TCX has no session record); TCX records
      // neither elapsed time nor ascent, and its laps' maximum speeds are not read.
      const deviceTotals: DeviceTotals | null =
        laps.length === 0
          ? null
          : {
              distanceM: sumKnown(laps.map((each) => each.distanceM)),
              timerTimeS: sumKnown(laps.map((each) => each.totalTimeS)),
              elapsedTimeS: Number.NaN,
              ascentM: Number.NaN,
              calories: sumKnown(laps.map((each) => each.calories)),
              maxSpeedMps: Number.NaN,
            };
      return {
        format: 'tcx',
        // An Activity's <Id> is its start time by the schema, not a name, and its <Notes> are
        // what the runner wrote about it (often the watch's sport, "Aerobics"): the description.
        // A Course has a real <Name>.
        name: activities > 0 ? null : courseName,
        notes: activities > 0 ? notes : null,
        declaredType: activityTypeFromSport(sport),
        sportLabel: sport,
        deviceName: creatorName,
        track,
        deviceDistance,
        // Lap bounds were counted in trackpoints read; points without a position may have been left out.
        laps: laps.map(({ calories: _calories, ...parsed }) => ({
          ...parsed,
          startIndex: points.finishedIndex(parsed.startIndex),
          endIndex: points.finishedIndex(parsed.endIndex),
        })),
        deviceTotals,
      };
    },
  });
}
