/**
 * Real-shaped activity files generated for the parser and metric tests: the GPX a Garmin watch
 * exports through Garmin Connect, a Strava export, a route-only GPX, and a Garmin TCX with laps.
 * Shapes follow the files those services write (namespaces, prefixes, field order); the points
 * come from `straightRun`, so tests know the true distance, speed and timing.
 */
import { EARTH_MEAN_RADIUS_M } from './track-distance.ts';

export interface GeneratedPoint {
  lat: number;
  lon: number;
  /** ms since the epoch. */
  time: number;
  elevation: number;
  heartRate: number;
  cadence: number;
  /** Cumulative metres along the line. */
  distance: number;
}

export interface StraightRunOptions {
  points: number;
  /** Metres per second. */
  speed?: number;
  /** Seconds between points. */
  interval?: number;
  start?: number;
  startLat?: number;
  startLon?: number;
  /** Elevation of point i; flat 300 m by default. */
  elevation?: (i: number, distance: number) => number;
}

/** Metres per degree of latitude on the sphere the metrics use. */
export const METRES_PER_DEGREE_LAT = (EARTH_MEAN_RADIUS_M * Math.PI) / 180;

/**
 * Points due north at a constant speed (along a meridian haversine distance is exactly the latitude
 * difference times METRES_PER_DEGREE_LAT, so the expected distance is known exactly).
 */
export function straightRun(options: StraightRunOptions): GeneratedPoint[] {
  const speed = options.speed ?? 3;
  const interval = options.interval ?? 1;
  const start = options.start ?? Date.UTC(2024, 4, 1, 5, 30, 0);
  const startLat = options.startLat ?? 46.05;
  const startLon = options.startLon ?? 14.5;
  return Array.from({ length: options.points }, (_, i) => {
    const distance = i * interval * speed;
    return {
      lat: startLat + distance / METRES_PER_DEGREE_LAT,
      lon: startLon,
      time: start + i * interval * 1000,
      elevation: options.elevation ? options.elevation(i, distance) : 300,
      heartRate: 130 + (i % 20),
      cadence: 84 + (i % 5),
      distance,
    };
  });
}

const iso = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

/** Garmin Connect's GPX export: gpxtpx TrackPointExtension with hr and cad. */
export function garminConnectGpx(
  points: readonly GeneratedPoint[],
  name = 'Ljubljana Running',
  type = 'running',
): string {
  const first = points[0]?.time ?? 0;
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Garmin Connect" version="1.1"
  xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/11.xsd"
  xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
  xmlns="http://www.topografix.com/GPX/1/1"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:ns2="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
  <metadata>
    <link href="connect.garmin.com">
      <text>Garmin Connect</text>
    </link>
    <time>${iso(first)}</time>
  </metadata>
  <trk>
    <name>${name}</name>
    <type>${type}</type>
    <trkseg>
${points
  .map(
    (p) => `      <trkpt lat="${p.lat.toFixed(10)}" lon="${p.lon.toFixed(10)}">
        <ele>${p.elevation.toFixed(1)}</ele>
        <time>${new Date(p.time).toISOString()}</time>
        <extensions>
          <ns3:TrackPointExtension>
            <ns3:atemp>21.0</ns3:atemp>
            <ns3:hr>${p.heartRate}</ns3:hr>
            <ns3:cad>${p.cadence}</ns3:cad>
          </ns3:TrackPointExtension>
        </extensions>
      </trkpt>`,
  )
  .join('\n')}
    </trkseg>
  </trk>
</gpx>
`;
}

/** Strava's "Export GPX": creator StravaGPX, numeric <type> (9 Run, 1 Ride), gpxtpx extensions. */
export function stravaExportGpx(points: readonly GeneratedPoint[], name = 'Morning Run', typeCode = '9'): string {
  const first = points[0]?.time ?? 0;
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="StravaGPX" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd http://www.garmin.com/xmlschemas/GpxExtensions/v3 http://www.garmin.com/xmlschemas/GpxExtensionsv3.xsd http://www.garmin.com/xmlschemas/TrackPointExtension/v1 http://www.garmin.com/xmlschemas/TrackPointExtensionv1.xsd" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xmlns:gpxx="http://www.garmin.com/xmlschemas/GpxExtensions/v3">
 <metadata>
  <time>${iso(first)}</time>
 </metadata>
 <trk>
  <name>${name}</name>
  <type>${typeCode}</type>
  <trkseg>
${points
  .map(
    (p) => `   <trkpt lat="${p.lat.toFixed(7)}" lon="${p.lon.toFixed(7)}">
    <ele>${p.elevation.toFixed(1)}</ele>
    <time>${iso(p.time)}</time>
    <extensions>
     <gpxtpx:TrackPointExtension>
      <gpxtpx:hr>${p.heartRate}</gpxtpx:hr>
      <gpxtpx:cad>${p.cadence}</gpxtpx:cad>
     </gpxtpx:TrackPointExtension>
    </extensions>
   </trkpt>`,
  )
  .join('\n')}
  </trkseg>
 </trk>
</gpx>
`;
}

/** A planned route as route planners export it: <rte> with <rtept>, no times. */
export function routeOnlyGpx(points: readonly GeneratedPoint[], name = 'Lake loop (planned)'): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="Route planner" xmlns="http://www.topografix.com/GPX/1/1">
  <rte>
    <name>${name}</name>
${points.map((p, i) => `    <rtept lat="${p.lat.toFixed(7)}" lon="${p.lon.toFixed(7)}"><ele>${p.elevation}</ele><name>WP${i + 1}</name></rtept>`).join('\n')}
  </rte>
</gpx>
`;
}

/** The GPX skeleton around arbitrary body XML, for the content-rule tests. */
export function gpxDocument(body: string): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1">
${body}
</gpx>
`;
}

export interface GeneratedLap {
  points: readonly GeneratedPoint[];
  averageHeartRate: number;
  maxHeartRate: number;
  calories: number;
}

/**
 * Garmin's TCX export of a run: laps with totals, trackpoints with distance, HR and run cadence.
 * `indoor` leaves every trackpoint's position out, as a treadmill run is exported.
 */
export function garminTcx(
  laps: readonly GeneratedLap[],
  sport = 'Running',
  device = 'Forerunner 265',
  { indoor = false, notes = 'Tempo Tuesday' }: { indoor?: boolean; notes?: string } = {},
): string {
  const lapXml = laps.map((lap) => {
    const first = lap.points[0] as GeneratedPoint;
    const last = lap.points[lap.points.length - 1] as GeneratedPoint;
    return `      <Lap StartTime="${iso(first.time)}">
        <TotalTimeSeconds>${((last.time - first.time) / 1000).toFixed(1)}</TotalTimeSeconds>
        <DistanceMeters>${(last.distance - first.distance).toFixed(2)}</DistanceMeters>
        <MaximumSpeed>3.2</MaximumSpeed>
        <Calories>${lap.calories}</Calories>
        <AverageHeartRateBpm>
          <Value>${lap.averageHeartRate}</Value>
        </AverageHeartRateBpm>
        <MaximumHeartRateBpm>
          <Value>${lap.maxHeartRate}</Value>
        </MaximumHeartRateBpm>
        <Intensity>Active</Intensity>
        <TriggerMethod>Distance</TriggerMethod>
        <Track>
${lap.points
  .map(
    (p) => `          <Trackpoint>
            <Time>${new Date(p.time).toISOString()}</Time>${
              indoor
                ? ''
                : `
            <Position>
              <LatitudeDegrees>${p.lat.toFixed(10)}</LatitudeDegrees>
              <LongitudeDegrees>${p.lon.toFixed(10)}</LongitudeDegrees>
            </Position>`
            }
            <AltitudeMeters>${p.elevation.toFixed(1)}</AltitudeMeters>
            <DistanceMeters>${p.distance.toFixed(2)}</DistanceMeters>
            <HeartRateBpm>
              <Value>${p.heartRate}</Value>
            </HeartRateBpm>
            <Extensions>
              <ns3:TPX>
                <ns3:Speed>3.0</ns3:Speed>
                <ns3:RunCadence>${p.cadence}</ns3:RunCadence>
              </ns3:TPX>
            </Extensions>
          </Trackpoint>`,
  )
  .join('\n')}
        </Track>
        <Extensions>
          <ns3:LX>
            <ns3:AvgSpeed>3.0</ns3:AvgSpeed>
            <ns3:AvgRunCadence>86</ns3:AvgRunCadence>
            <ns3:MaxRunCadence>90</ns3:MaxRunCadence>
          </ns3:LX>
        </Extensions>
      </Lap>`;
  });
  return `<?xml version="1.0" encoding="UTF-8"?>
<TrainingCenterDatabase
  xsi:schemaLocation="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2 http://www.garmin.com/xmlschemas/TrainingCenterDatabasev2.xsd"
  xmlns:ns5="http://www.garmin.com/xmlschemas/ActivityGoals/v1"
  xmlns:ns3="http://www.garmin.com/xmlschemas/ActivityExtension/v2"
  xmlns:ns2="http://www.garmin.com/xmlschemas/UserProfile/v2"
  xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"
  xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
  <Activities>
    <Activity Sport="${sport}">
      <Id>${iso(laps[0]?.points[0]?.time ?? 0)}</Id>
${lapXml.join('\n')}
      <Notes>${notes}</Notes>
      <Creator xsi:type="Device_t">
        <Name>${device}</Name>
        <UnitId>3442301234</UnitId>
        <ProductID>4257</ProductID>
        <Version>
          <VersionMajor>19</VersionMajor>
          <VersionMinor>12</VersionMinor>
          <BuildMajor>0</BuildMajor>
          <BuildMinor>0</BuildMinor>
        </Version>
      </Creator>
    </Activity>
  </Activities>
  <Author xsi:type="Application_t">
    <Name>Connect Api</Name>
    <LangID>en</LangID>
    <PartNumber>006-D2449-00</PartNumber>
  </Author>
</TrainingCenterDatabase>
`;
}

/** Feeds `bytes` to `write` in random-sized pieces (1 byte to `maxChunk`), from a fixed seed. */
export function writeInRandomChunks(
  bytes: Uint8Array,
  write: (chunk: Uint8Array) => void,
  seed = 7,
  maxChunk = 97,
): void {
  let state = seed;
  let offset = 0;
  while (offset < bytes.length) {
    state = (state * 1664525 + 1013904223) >>> 0;
    const size = 1 + (state % maxChunk);
    write(bytes.slice(offset, offset + size));
    offset += size;
  }
}

/** A deterministic pseudo-random source for generated noise. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

/**
 * A run recorded with "smart recording": a steady stretch written every `steadyInterval` seconds,
 * then a stretch written every second (a device writes more often when something changes). Heart
 * rate and cadence are constant within each stretch, so their time-weighted averages are known.
 */
export function smartRecordingRun(stretches: {
  steady: { seconds: number; interval: number; heartRate: number; cadence: number };
  dense: { seconds: number; heartRate: number; cadence: number };
  speed?: number;
  start?: number;
}): GeneratedPoint[] {
  const speed = stretches.speed ?? 3;
  const start = stretches.start ?? Date.UTC(2024, 4, 1, 5, 30, 0);
  const offsets: { t: number; heartRate: number; cadence: number }[] = [];
  for (let t = 0; t < stretches.steady.seconds; t += stretches.steady.interval) {
    offsets.push({ t, heartRate: stretches.steady.heartRate, cadence: stretches.steady.cadence });
  }
  for (let t = 0; t < stretches.dense.seconds; t += 1) {
    offsets.push({ t: stretches.steady.seconds + t, ...stretches.dense });
  }
  return offsets.map(({ t, heartRate, cadence }) => {
    const distance = t * speed;
    return {
      lat: 46.05 + distance / METRES_PER_DEGREE_LAT,
      lon: 14.5,
      time: start + t * 1000,
      elevation: 300,
      heartRate,
      cadence,
      distance,
    };
  });
}

/**
 * A run at `speed` with a point every second whose first `jumpSeconds` cover `jumpMetres` (a watch
 * settling its position at the start: 79 m in 4 s), then runs on from where the jump landed.
 */
export function settlingGpsRun(options: {
  seconds: number;
  speed?: number;
  jumpMetres?: number;
  jumpSeconds?: number;
  start?: number;
}): GeneratedPoint[] {
  const speed = options.speed ?? 3;
  const jumpMetres = options.jumpMetres ?? 79;
  const jumpSeconds = options.jumpSeconds ?? 4;
  const start = options.start ?? Date.UTC(2024, 4, 1, 5, 30, 0);
  return Array.from({ length: options.seconds + 1 }, (_, t) => {
    const distance = t <= jumpSeconds ? (jumpMetres * t) / jumpSeconds : jumpMetres + (t - jumpSeconds) * speed;
    return {
      lat: 46.05 + distance / METRES_PER_DEGREE_LAT,
      lon: 14.5,
      time: start + t * 1000,
      elevation: 300,
      heartRate: 150,
      cadence: 85,
      distance,
    };
  });
}
