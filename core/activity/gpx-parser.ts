/**
 * The GPX reader: bytes of a .gpx upload in, a ParsedActivity out (spec §5 "GPX content").
 *
 * It streams: a small state machine follows the element path by depth (gpx › trk › trkseg › trkpt,
 * gpx › rte › rtept, metadata) and copies each point's values into the TrackBuilder's columns, so a
 * 50 MB file never becomes a DOM or one object per point. Extensions are matched on local names
 * (`gpxtpx:hr`, `ns3:hr`, plain `hr` or `heartrate`; `cad` or `cadence`) because every vendor picks
 * its own prefix and some none.
 */
import { computeCumulativeDistance } from './track-distance.ts';
import type { ActivityFileParser, ParsedActivity } from './parsed.ts';
import { activityTypeFromSport } from './sport-type.ts';
import { TrackBuilder, type TrackPointInput } from './track.ts';
import { ActivityFileError, GPX_CONTENT_MESSAGES } from './upload-rules.ts';
import { cleanText, clearPoint, xmlActivityParser } from './xml-activity-reader.ts';
import { createXmlStream, MalformedXmlError, type XmlStream } from './xml-stream.ts';
import { parseIsoTimestamp, parseXmlNumber } from './xml-values.ts';

/** What the text of the element being read will become. */
const enum Capture {
  None,
  Elevation,
  Time,
  HeartRate,
  Cadence,
  TrackName,
  TrackType,
  RouteName,
  RouteType,
  FileName,
  FileTime,
}

const NOT_OPEN = -1;

export function createGpxParser(): ActivityFileParser {
  const trackPoints = new TrackBuilder(4096);
  const routePoints = new TrackBuilder(256);

  // Element depths (root = 1) of the open containers, NOT_OPEN when outside them.
  let depth = 0;
  let rootSeen = false;
  let trackDepth = NOT_OPEN;
  let segmentDepth = NOT_OPEN;
  let routeDepth = NOT_OPEN;
  let metadataDepth = NOT_OPEN;
  let pointDepth = NOT_OPEN;
  let pointIsRoute = false;

  let tracks = 0;
  let segments = 0;
  let routes = 0;
  let trackName: string | null = null;
  let trackType: string | null = null;
  let routeName: string | null = null;
  let routeType: string | null = null;
  let fileName: string | null = null;
  let fileTime: number | null = null;
  let creator: string | null = null;

  // The point being read, reused for every point (no allocation per point).
  const point: TrackPointInput = { lat: Number.NaN, lon: Number.NaN };

  let capture = Capture.None;
  let captureDepth = NOT_OPEN;

  /** Asks for the text of the element opening at depth `at`. */
  const startCapture = (what: Capture, at: number): boolean => {
    capture = what;
    captureDepth = at;
    return true;
  };

  const endCapture = (captured: string) => {
    switch (capture) {
      case Capture.Elevation:
        point.elevation = parseXmlNumber(captured);
        break;
      case Capture.Time:
        point.time = parseIsoTimestamp(captured);
        break;
      case Capture.HeartRate:
        point.heartRate = parseXmlNumber(captured);
        break;
      case Capture.Cadence:
        point.cadence = parseXmlNumber(captured);
        break;
      case Capture.TrackName:
        trackName = cleanText(captured);
        break;
      case Capture.TrackType:
        trackType = cleanText(captured);
        break;
      case Capture.RouteName:
        routeName = cleanText(captured);
        break;
      case Capture.RouteType:
        routeType = cleanText(captured);
        break;
      case Capture.FileName:
        fileName = cleanText(captured);
        break;
      case Capture.FileTime: {
        const time = parseIsoTimestamp(captured);
        fileTime = Number.isFinite(time) ? time : null;
        break;
      }
      case Capture.None:
        break;
    }
    capture = Capture.None;
    captureDepth = NOT_OPEN;
  };

  const xml: XmlStream = createXmlStream({
    open(name, attributes) {
      depth += 1;
      const at = depth;
      if (at === 1) {
        if (name !== 'gpx') {
          throw new MalformedXmlError(`root element is <${name}>, not <gpx>`);
        }
        rootSeen = true;
        creator = cleanText(attributes.creator ?? null);
        return false;
      }
      if (pointDepth !== NOT_OPEN) {
        // Inside a point: its own values, then extension values at any depth.
        if (at === pointDepth + 1 && name === 'ele') {
          return startCapture(Capture.Elevation, at);
        }
        if (at === pointDepth + 1 && name === 'time') {
          return startCapture(Capture.Time, at);
        }
        if (name === 'hr' || name === 'heartrate') {
          return startCapture(Capture.HeartRate, at);
        }
        if (name === 'cad' || name === 'cadence') {
          return startCapture(Capture.Cadence, at);
        }
        return false;
      }
      switch (name) {
        case 'trk':
          if (at === 2) {
            trackDepth = at;
            tracks += 1;
          }
          return false;
        case 'trkseg':
          if (trackDepth !== NOT_OPEN && at === trackDepth + 1) {
            segmentDepth = at;
            segments += 1;
            // Every <trkseg> (and so every <trk>) is its own recording: the gap is not travelled.
            trackPoints.startSegment();
          }
          return false;
        case 'trkpt':
        case 'rtept': {
          const isRoute = name === 'rtept';
          const parentDepth = isRoute ? routeDepth : segmentDepth;
          if (parentDepth !== NOT_OPEN && at === parentDepth + 1) {
            pointDepth = at;
            pointIsRoute = isRoute;
            clearPoint(point);
            point.lat = parseXmlNumber(attributes.lat ?? '');
            point.lon = parseXmlNumber(attributes.lon ?? '');
          }
          return false;
        }
        case 'rte':
          if (at === 2) {
            routeDepth = at;
            routes += 1;
            routePoints.startSegment();
          }
          return false;
        case 'metadata':
          if (at === 2) {
            metadataDepth = at;
          }
          return false;
        case 'name':
          // The first track's and the first route's own names; the file's name lives in <metadata>
          // (GPX 1.1) or directly under <gpx> (GPX 1.0).
          if (tracks === 1 && at === trackDepth + 1 && trackName === null) {
            return startCapture(Capture.TrackName, at);
          }
          if (routes === 1 && at === routeDepth + 1 && routeName === null) {
            return startCapture(Capture.RouteName, at);
          }
          if ((at === 2 || at === metadataDepth + 1) && fileName === null) {
            return startCapture(Capture.FileName, at);
          }
          return false;
        case 'time':
          // The file's own time: <metadata><time> (GPX 1.1) or <time> under <gpx> (GPX 1.0).
          if ((at === 2 || at === metadataDepth + 1) && fileTime === null) {
            return startCapture(Capture.FileTime, at);
          }
          return false;
        case 'type':
          if (tracks === 1 && at === trackDepth + 1 && trackType === null) {
            return startCapture(Capture.TrackType, at);
          }
          if (routes === 1 && at === routeDepth + 1 && routeType === null) {
            return startCapture(Capture.RouteType, at);
          }
          return false;
        default:
          return false;
      }
    },
    close(text) {
      const at = depth;
      depth -= 1;
      if (at === captureDepth) {
        endCapture(text);
      } else if (at === pointDepth) {
        (pointIsRoute ? routePoints : trackPoints).push(point);
        pointDepth = NOT_OPEN;
      } else if (at === segmentDepth) {
        segmentDepth = NOT_OPEN;
      } else if (at === trackDepth) {
        trackDepth = NOT_OPEN;
      } else if (at === routeDepth) {
        routeDepth = NOT_OPEN;
      } else if (at === metadataDepth) {
        metadataDepth = NOT_OPEN;
      }
    },
  });

  return xmlActivityParser({
    format: 'gpx',
    invalidFormat: GPX_CONTENT_MESSAGES.invalidFormat,
    xml,
    rootSeen: () => rootSeen,
    finish(): ParsedActivity {
      if (tracks === 0 && routes === 0) {
        throw new ActivityFileError('gpx', GPX_CONTENT_MESSAGES.noTracksOrRoutes);
      }
      // A recorded track is the activity; a route (a planned line) stands in only when the file
      // has no usable track, as in route-only exports.
      const useRoute = trackPoints.length < 2 && routePoints.length >= 2;
      const builder = useRoute ? routePoints : trackPoints;
      if (builder.length < 2) {
        if (tracks > 0 && segments === 0 && routes === 0) {
          throw new ActivityFileError('gpx', GPX_CONTENT_MESSAGES.noTrackSegments);
        }
        throw new ActivityFileError('gpx', GPX_CONTENT_MESSAGES.noValidPoints);
      }
      const track = builder.finish();
      computeCumulativeDistance(track);
      const sport = useRoute ? routeType : trackType;
      return {
        format: 'gpx',
        name: (useRoute ? routeName : trackName) ?? fileName,
        declaredType: activityTypeFromSport(sport),
        sportLabel: sport,
        // GPX has no device field; its creator attribute names what wrote the file ("eTrex 20x").
        deviceName: creator,
        fileTime,
        track,
        deviceDistance: false,
        laps: [],
        deviceTotals: null,
      };
    },
  });
}
