import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  garminConnectGpx,
  gpxDocument,
  routeOnlyGpx,
  seededRandom,
  straightRun,
  stravaExportGpx,
  writeInRandomChunks,
} from './activity-file-builders.test-support.ts';
import { createGpxParser } from './gpx-parser.ts';
import { guessActivityType, summarizeTrack } from './metrics.ts';
import type { ParsedActivity } from './parsed.ts';
import { ActivityFileError, GPX_CONTENT_MESSAGES } from './upload-rules.ts';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const real = (name: string) => readFileSync(path.join(REAL, name));
const utf8 = (text: string) => new TextEncoder().encode(text);

function parse(bytes: Uint8Array): ParsedActivity {
  const parser = createGpxParser();
  parser.write(bytes);
  return parser.finish();
}

function failure(bytes: Uint8Array): string {
  const started = performance.now();
  try {
    parse(bytes);
  } catch (error) {
    // Hostile and broken files must end fast, with an ActivityFileError, never another crash.
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(ActivityFileError);
    return (error as ActivityFileError).message;
  }
  throw new Error('expected the file to be rejected');
}

const message = (reason: string) => `Failed to parse GPX file: ${reason}`;

function isSortedByTime(time: Float64Array): boolean {
  return time.every((t, i) => i === 0 || t >= (time[i - 1] as number));
}

describe('GPX parser on real-world files (test/fixtures/real)', () => {
  it('cerknicko-jezero.gpx: a GPSBabel track with elevation and times', () => {
    const activity = parse(real('cerknicko-jezero.gpx'));
    expect(activity.format).toBe('gpx');
    expect(activity.track.lat).toHaveLength(296);
    expect(activity.name).toBe('ACTIVE LOG');
    expect(activity.deviceName).toBe('GPSBabel - http://www.gpsbabel.org');
    expect(activity.deviceDistance).toBe(false);
    expect(activity.track.elevation.every(Number.isFinite)).toBe(true);
    expect(isSortedByTime(activity.track.time)).toBe(true);
    const summary = summarizeTrack(activity.track);
    // Seven recorded tracks: the 9 km of straight lines between them were never travelled.
    expect(Array.from(activity.track.segmentStarts ?? [])).toHaveLength(6);
    expect(summary.distance).toBeCloseTo(4575, 0);
    expect(summary.hasTiming).toBe(true);
    expect(summary.elapsedTime).toBe(7190);
    expect(summary.movingTime).toBeGreaterThan(0);
    expect(summary.movingTime).toBeLessThanOrEqual(summary.elapsedTime);
    expect(guessActivityType(summary)).toBe('run');
  });

  it('korita-zbevnica.gpx: all four tracks, some without times, and an unknown <type>', () => {
    const activity = parse(real('korita-zbevnica.gpx'));
    expect(activity.track.lat).toHaveLength(871);
    expect(activity.name).toBe('03-OCT-10');
    expect(activity.sportLabel).toBe('jkljkl');
    expect(activity.declaredType).toBeNull();
    const timed = activity.track.time.filter(Number.isFinite).length;
    expect(timed).toBe(176 + 337);
    const summary = summarizeTrack(activity.track);
    expect(summary.hasTiming).toBe(true);
    expect(summary.averageSpeed).toBeGreaterThan(0);
    // Distance over moving time, as every screen shows them side by side.
    expect(summary.averageSpeed).toBeCloseTo(summary.distance / summary.movingTime, 9);
  });

  it('Mojstrovka.gpx: seven-digit fractional seconds in 1901, sorted by time', () => {
    const activity = parse(real('Mojstrovka.gpx'));
    expect(activity.track.lat).toHaveLength(184);
    const first = activity.track.time[0] as number;
    expect(first).toBeCloseTo(Date.UTC(1901, 11, 13, 20, 45, 52, 207), 0);
    expect(activity.track.time.every((t) => Math.abs(t - first) < 1)).toBe(true);
    expect(isSortedByTime(activity.track.time)).toBe(true);
    // All 184 points share one instant: that is no timing data, so spec §4 says run.
    const summary = summarizeTrack(activity.track);
    expect(summary.hasTiming).toBe(false);
    expect(summary.movingTime).toBe(0);
    expect(guessActivityType(summary)).toBe('run');
  });

  it('cerknicko-without-times.gpx: no timing data gives run (spec §4)', () => {
    const activity = parse(real('cerknicko-without-times.gpx'));
    expect(activity.track.lat).toHaveLength(296);
    const summary = summarizeTrack(activity.track);
    expect(summary.hasTiming).toBe(false);
    expect(summary.distance).toBeCloseTo(4575, 0);
    expect(guessActivityType(summary)).toBe('run');
  });

  it('around-visnjan-with-car.gpx: a drive faster than 15 km/h gives ride', () => {
    const activity = parse(real('around-visnjan-with-car.gpx'));
    expect(activity.name).toBe('2020-12-18 07:24:29');
    expect(activity.deviceName).toBe('eTrex 20x');
    const summary = summarizeTrack(activity.track);
    expect(summary.averageSpeed * 3.6).toBeGreaterThan(15);
    expect(guessActivityType(summary)).toBe('ride');
  });

  it('route.gpx: a route without a track is parsed from its route points', () => {
    const activity = parse(real('route.gpx'));
    expect(activity.track.lat).toHaveLength(55);
    expect(activity.track.lat[0]).toBeCloseTo(45.2787641494, 10);
    expect(activity.track.lon[0]).toBeCloseTo(13.726695478, 9);
    expect(activity.track.time.every(Number.isNaN)).toBe(true);
    expect(summarizeTrack(activity.track).distance).toBeGreaterThan(1000);
  });

  it('track-with-empty-segment.gpx: an empty second segment is harmless', () => {
    const activity = parse(real('track-with-empty-segment.gpx'));
    expect(activity.track.lat).toHaveLength(9);
    expect(activity.name).toBe('2013-07-06T14:59:00Z');
  });

  it('gpx1.1_with_all_fields.gpx: a one-point track falls back to the routes', () => {
    const activity = parse(real('gpx1.1_with_all_fields.gpx'));
    expect(Array.from(activity.track.lat)).toEqual([10, 11, 12, 13, 14]);
    expect(activity.name).toBe('example name');
    expect(activity.sportLabel).toBe('rte type');
    expect(activity.track.elevation[0]).toBe(75.1);
  });

  it('gpx_with_garmin_extension.gpx: a single waypoint is no track or route', () => {
    expect(failure(real('gpx_with_garmin_extension.gpx'))).toBe(message('No tracks or routes found in GPX file'));
  });

  it('unicode_with_bom.gpx: the byte-order mark is read, then the waypoint-only file is refused', () => {
    expect(failure(real('unicode_with_bom.gpx'))).toBe(message(GPX_CONTENT_MESSAGES.noTracksOrRoutes));
  });
});

describe('GPX parser on generated real-shaped files', () => {
  const run = straightRun({ points: 600, speed: 3, elevation: (i) => 300 + i / 10 });

  it('Garmin Connect export: ns3 TrackPointExtension heart rate and cadence, name and type', () => {
    const activity = parse(utf8(garminConnectGpx(run)));
    expect(activity.name).toBe('Ljubljana Running');
    expect(activity.declaredType).toBe('run');
    expect(activity.sportLabel).toBe('running');
    expect(activity.deviceName).toBe('Garmin Connect');
    expect(activity.track.lat).toHaveLength(600);
    expect(Array.from(activity.track.heartRate.slice(0, 3))).toEqual([130, 131, 132]);
    expect(Array.from(activity.track.cadence.slice(0, 3))).toEqual([84, 85, 86]);
    expect(activity.track.elevation[10]).toBe(301);
    expect(activity.track.time[0]).toBe(Date.UTC(2024, 4, 1, 5, 30, 0));
    const summary = summarizeTrack(activity.track);
    expect(summary.distance).toBeCloseTo(599 * 3, 1);
    expect(summary.movingTime).toBe(599);
    expect(summary.averageSpeed).toBeCloseTo(3, 3);
    expect(summary.averageHeartrate).toBeCloseTo(139.5, 0);
    expect(summary.maxHeartrate).toBe(149);
  });

  it('Strava export: gpxtpx prefix and numeric types (9 run, 1 ride)', () => {
    const activity = parse(utf8(stravaExportGpx(run)));
    expect(activity.name).toBe('Morning Run');
    expect(activity.declaredType).toBe('run');
    expect(activity.deviceName).toBe('StravaGPX');
    expect(activity.track.heartRate.every(Number.isFinite)).toBe(true);
    expect(activity.track.cadence.every(Number.isFinite)).toBe(true);
    expect(parse(utf8(stravaExportGpx(run, 'Lunch Ride', '1'))).declaredType).toBe('ride');
  });

  it('plain <hr>, <heartrate> and <cadence> extensions without a prefix', () => {
    const activity = parse(
      utf8(
        gpxDocument(`<trk><trkseg>
          <trkpt lat="46.1" lon="14.5"><time>2024-05-01T05:00:00Z</time><extensions><hr>141</hr><cadence>88</cadence></extensions></trkpt>
          <trkpt lat="46.1001" lon="14.5"><time>2024-05-01T05:00:05Z</time><extensions><heartrate>143</heartrate><cad>89</cad></extensions></trkpt>
        </trkseg></trk>`),
      ),
    );
    expect(Array.from(activity.track.heartRate)).toEqual([141, 143]);
    expect(Array.from(activity.track.cadence)).toEqual([88, 89]);
  });

  it('route-only file: planned route points, no timing, the route name', () => {
    const activity = parse(utf8(routeOnlyGpx(run.slice(0, 40))));
    expect(activity.name).toBe('Lake loop (planned)');
    expect(activity.track.lat).toHaveLength(40);
    const summary = summarizeTrack(activity.track);
    expect(summary.hasTiming).toBe(false);
    expect(summary.distance).toBeCloseTo(39 * 3, 1);
    expect(guessActivityType(summary)).toBe('run');
  });

  it('streams: random chunks of 1–97 bytes, splitting multi-byte characters, give the same result', () => {
    const file = utf8(garminConnectGpx(run, 'Tek ob Ljubljanici – čudovito jutro 🏃'));
    const whole = parse(file);
    for (const seed of [1, 2, 3]) {
      const parser = createGpxParser();
      writeInRandomChunks(file, (chunk) => parser.write(chunk), seed);
      const chunked = parser.finish();
      expect(chunked.name).toBe('Tek ob Ljubljanici – čudovito jutro 🏃');
      expect(chunked.track).toEqual(whole.track);
    }
  });

  it('one byte at a time', () => {
    const file = utf8(garminConnectGpx(run.slice(0, 20)));
    const parser = createGpxParser();
    for (let i = 0; i < file.length; i += 1) {
      parser.write(file.subarray(i, i + 1));
    }
    expect(parser.finish().track).toEqual(parse(file).track);
  });

  it('skips points whose coordinates are not numbers (spec §5)', () => {
    const activity = parse(
      utf8(
        gpxDocument(`<trk><trkseg>
          <trkpt lat="46.1" lon="14.5"><time>2024-05-01T05:00:00Z</time></trkpt>
          <trkpt lat="abc" lon="14.5"><time>2024-05-01T05:00:01Z</time></trkpt>
          <trkpt lat="" lon="14.5"><time>2024-05-01T05:00:02Z</time></trkpt>
          <trkpt lat="46.1"><time>2024-05-01T05:00:03Z</time></trkpt>
          <trkpt lat="91" lon="14.5"><time>2024-05-01T05:00:04Z</time></trkpt>
          <trkpt lat="1,5" lon="14.5"><time>2024-05-01T05:00:05Z</time></trkpt>
          <trkpt lat="46.1002" lon="14.5"><time>2024-05-01T05:00:06Z</time></trkpt>
        </trkseg></trk>`),
      ),
    );
    expect(Array.from(activity.track.lat)).toEqual([46.1, 46.1002]);
  });

  it('sorts points by time (spec §5), across segments and tracks', () => {
    const activity = parse(
      utf8(
        gpxDocument(`<trk><trkseg>
          <trkpt lat="3" lon="0"><time>2024-05-01T05:00:30Z</time></trkpt>
          <trkpt lat="1" lon="0"><time>2024-05-01T05:00:10Z</time></trkpt>
        </trkseg><trkseg>
          <trkpt lat="2" lon="0"><time>2024-05-01T05:00:20Z</time></trkpt>
        </trkseg></trk>
        <trk><trkseg><trkpt lat="0" lon="0"><time>2024-05-01T05:00:00Z</time></trkpt></trkseg></trk>`),
      ),
    );
    expect(Array.from(activity.track.lat)).toEqual([0, 1, 2, 3]);
  });

  it('names: the first track, else <metadata> (GPX 1.1), else the root <name> (GPX 1.0); CDATA and entities', () => {
    const points = `<trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg>`;
    expect(
      parse(
        utf8(
          gpxDocument(`<metadata><name>File</name></metadata><trk><name>  Hills &amp; Dales </name>${points}</trk>`),
        ),
      ).name,
    ).toBe('Hills & Dales');
    expect(parse(utf8(gpxDocument(`<metadata><name>From metadata</name></metadata><trk>${points}</trk>`))).name).toBe(
      'From metadata',
    );
    expect(parse(utf8(gpxDocument(`<name>GPX 1.0 name</name><trk>${points}</trk>`))).name).toBe('GPX 1.0 name');
    expect(parse(utf8(gpxDocument(`<trk><name><![CDATA[Run <3]]></name>${points}</trk>`))).name).toBe('Run <3');
    expect(parse(utf8(gpxDocument(`<trk><name>   </name>${points}</trk>`))).name).toBeNull();
  });

  it('reads the encoding from the XML declaration (ISO-8859-1), a UTF-16 byte-order mark or a UTF-8 one', () => {
    const latin1Text = `<?xml version="1.0" encoding="ISO-8859-1"?>
<gpx version="1.1"><trk><name>Caf\u00e9 run</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg></trk></gpx>`;
    const latin1 = Uint8Array.from(latin1Text, (char) => char.charCodeAt(0));
    expect(parse(latin1).name).toBe('Café run');

    const text = `<gpx version="1.1"><trk><name>Tek čez most</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="1.001" lon="1"/></trkseg></trk></gpx>`;
    const utf16 = new Uint8Array(2 + text.length * 2);
    utf16.set([0xff, 0xfe]);
    for (let i = 0; i < text.length; i += 1) {
      utf16[2 + i * 2] = text.charCodeAt(i) & 0xff;
      utf16[3 + i * 2] = text.charCodeAt(i) >> 8;
    }
    expect(parse(utf16).name).toBe('Tek čez most');

    const mislabelled = utf8(garminConnectGpx(run.slice(0, 5)).replace('encoding="UTF-8"', 'encoding="UTF-16"'));
    expect(parse(mislabelled).track.lat).toHaveLength(5);

    const withBom = new Uint8Array([0xef, 0xbb, 0xbf, ...utf8(garminConnectGpx(run.slice(0, 5)))]);
    expect(parse(withBom).track.lat).toHaveLength(5);
  });

  it('times without a zone are UTC (GPX 1.1), offsets are applied', () => {
    const activity = parse(
      utf8(
        gpxDocument(`<trk><trkseg>
          <trkpt lat="1" lon="1"><time>2013-01-01T12:00:04</time></trkpt>
          <trkpt lat="1.001" lon="1"><time>2013-01-01T14:00:05+02:00</time></trkpt>
        </trkseg></trk>`),
      ),
    );
    expect(Array.from(activity.track.time)).toEqual([Date.UTC(2013, 0, 1, 12, 0, 4), Date.UTC(2013, 0, 1, 12, 0, 5)]);
  });
});

describe('GPX content messages (spec §5), asserted exactly', () => {
  it('"Invalid GPX file format" when the file does not parse', () => {
    expect(failure(utf8('this is not xml'))).toBe('Failed to parse GPX file: Invalid GPX file format');
    expect(failure(utf8('<gpx><trk></gpx>'))).toBe(message(GPX_CONTENT_MESSAGES.invalidFormat));
    expect(failure(utf8('<gpx></gpx><gpx></gpx>'))).toBe(message(GPX_CONTENT_MESSAGES.invalidFormat));
  });

  it('"Invalid GPX file format" for well-formed XML that is not GPX (a TCX named .gpx)', () => {
    expect(failure(utf8('<TrainingCenterDatabase><Activities/></TrainingCenterDatabase>'))).toBe(
      message(GPX_CONTENT_MESSAGES.invalidFormat),
    );
  });

  it('"No tracks or routes found in GPX file" without <trk> or <rte>', () => {
    expect(failure(utf8(gpxDocument('')))).toBe('Failed to parse GPX file: No tracks or routes found in GPX file');
    expect(failure(utf8(gpxDocument('<wpt lat="1" lon="2"/><wpt lat="1.1" lon="2"/>')))).toBe(
      message(GPX_CONTENT_MESSAGES.noTracksOrRoutes),
    );
  });

  it('"No track segments found in GPX file" for a track without <trkseg> and no route', () => {
    expect(failure(utf8(gpxDocument('<trk><name>Empty</name></trk>')))).toBe(
      'Failed to parse GPX file: No track segments found in GPX file',
    );
  });

  it('"No valid track points found in GPX file" below two valid points', () => {
    expect(failure(utf8(gpxDocument('<trk><trkseg></trkseg></trk>')))).toBe(
      'Failed to parse GPX file: No valid track points found in GPX file',
    );
    expect(failure(utf8(gpxDocument('<trk><trkseg><trkpt lat="1" lon="1"/></trkseg></trk>')))).toBe(
      message(GPX_CONTENT_MESSAGES.noValidPoints),
    );
    expect(
      failure(utf8(gpxDocument('<trk><trkseg><trkpt lat="x" lon="1"/><trkpt lat="1" lon="y"/></trkseg></trk>'))),
    ).toBe(message(GPX_CONTENT_MESSAGES.noValidPoints));
    expect(failure(utf8(gpxDocument('<rte><rtept lat="1" lon="1"/></rte>')))).toBe(
      message(GPX_CONTENT_MESSAGES.noValidPoints),
    );
  });
});

describe('hostile GPX files end with the spec message, quickly', () => {
  const invalid = message(GPX_CONTENT_MESSAGES.invalidFormat);

  it('billion laughs (nested entity expansion)', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE gpx [
  <!ENTITY lol "lol">
  ${Array.from({ length: 9 }, (_, i) => `<!ENTITY lol${i + 1} "${`&lol${i === 0 ? '' : i};`.repeat(10)}">`).join('\n  ')}
]>
<gpx version="1.1"><trk><name>&lol9;</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk></gpx>`;
    expect(failure(utf8(bomb))).toBe(invalid);
  });

  it('an external entity (file:///etc/passwd)', () => {
    const xxe = `<?xml version="1.0"?>
<!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
<gpx version="1.1"><trk><name>&xxe;</name><trkseg><trkpt lat="1" lon="1"/><trkpt lat="2" lon="2"/></trkseg></trk></gpx>`;
    expect(failure(utf8(xxe))).toBe(invalid);
  });

  it('an entity reference without a DOCTYPE', () => {
    expect(failure(utf8(gpxDocument('<trk><name>&xxe;</name></trk>')))).toBe(invalid);
  });

  it('a truncated file', () => {
    const file = utf8(garminConnectGpx(straightRun({ points: 200 })));
    expect(failure(file.subarray(0, Math.floor(file.length / 2)))).toBe(invalid);
    expect(failure(file.subarray(0, file.length - 10))).toBe(invalid);
  });

  it('1 KB of random bytes named .gpx', () => {
    const random = seededRandom(42);
    for (let attempt = 0; attempt < 20; attempt += 1) {
      const junk = Uint8Array.from({ length: 1024 }, () => Math.floor(random() * 256));
      expect(failure(junk)).toBe(invalid);
    }
  });

  it('an empty file', () => {
    expect(failure(new Uint8Array(0))).toBe(invalid);
    expect(failure(utf8('   \n'))).toBe(invalid);
  });

  it('a PNG image renamed .gpx', () => {
    const png = new Uint8Array([
      0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
      0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4, 0x89, 0x00, 0x00, 0x00, 0x0d, 0x49,
      0x44, 0x41, 0x54, 0x78, 0xda, 0x63, 0xfc, 0xcf, 0xc0, 0xf0, 0x1f, 0x00, 0x05, 0x05, 0x02, 0x00, 0x5f, 0xc8, 0xf1,
      0xd2, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44, 0xae, 0x42, 0x60, 0x82,
    ]);
    expect(failure(png)).toBe(invalid);
  });

  it('100,000 nested elements that never close', () => {
    expect(failure(utf8(`<gpx>${'<a>'.repeat(100_000)}`))).toBe(invalid);
  });

  it('an unknown encoding in the declaration', () => {
    expect(failure(utf8('<?xml version="1.0" encoding="x-made-up"?><gpx/>'))).toBe(invalid);
  });

  it('stays failed: writing after an error keeps failing with the same message', () => {
    const parser = createGpxParser();
    expect(() => parser.write(utf8('<!DOCTYPE gpx [<!ENTITY a "b">]><gpx>'.padEnd(300, ' ')))).toThrow(invalid);
    expect(() => parser.write(utf8('<trk/>'))).toThrow(invalid);
    expect(() => parser.finish()).toThrow(invalid);
  });
});

describe('GPX parser on values from outside the plausible ranges', () => {
  it('drops <ele>1e308</ele>, a 400 bpm heart rate and an 1e400 latitude from their points', () => {
    const xml = gpxDocument(
      '<trk><trkseg>' +
        '<trkpt lat="46" lon="14"><ele>1e308</ele><time>2026-01-01T06:00:00Z</time></trkpt>' +
        '<trkpt lat="46.001" lon="14"><ele>301</ele><time>2026-01-01T06:00:10Z</time><extensions><ns3:TrackPointExtension xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><ns3:hr>400</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>' +
        '<trkpt lat="1e400" lon="14"><ele>302</ele><time>2026-01-01T06:00:20Z</time></trkpt>' +
        '<trkpt lat="46.002" lon="14"><ele>-1e308</ele><time>2026-01-01T06:00:30Z</time><extensions><ns3:TrackPointExtension xmlns:ns3="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"><ns3:hr>151</ns3:hr></ns3:TrackPointExtension></extensions></trkpt>' +
        '</trkseg></trk>',
    );
    const { track } = parse(utf8(xml));
    expect(Array.from(track.lat)).toEqual([46, 46.001, 46.002]);
    expect(Array.from(track.elevation)).toEqual([Number.NaN, 301, Number.NaN]);
    expect(Array.from(track.heartRate)).toEqual([Number.NaN, Number.NaN, 151]);
  });
});
