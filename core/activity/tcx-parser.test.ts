import { describe, expect, it } from 'vitest';
import {
  garminTcx,
  seededRandom,
  straightRun,
  writeInRandomChunks,
  type GeneratedLap,
} from './activity-file-builders.test-support.ts';
import { guessActivityType, summarizeTrack } from './metrics.ts';
import type { ParsedActivity } from './parsed.ts';
import { createTcxParser } from './tcx-parser.ts';
import { ActivityFileError, TCX_CONTENT_MESSAGES } from './upload-rules.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);

function parse(bytes: Uint8Array): ParsedActivity {
  const parser = createTcxParser();
  parser.write(bytes);
  return parser.finish();
}

function failure(bytes: Uint8Array): string {
  const started = performance.now();
  try {
    parse(bytes);
  } catch (error) {
    expect(performance.now() - started).toBeLessThan(2000);
    expect(error).toBeInstanceOf(ActivityFileError);
    return (error as ActivityFileError).message;
  }
  throw new Error('expected the file to be rejected');
}

const message = (reason: string) => `Failed to parse TCX file: ${reason}`;

/** A 9 km run at 3 m/s in three laps, one point every 5 s (15 m), with a gentle climb. */
function threeLaps(): GeneratedLap[] {
  const run = straightRun({ points: 601, speed: 3, interval: 5, elevation: (i) => 250 + i * 0.05 });
  return [0, 1, 2].map((lap) => ({
    points: run.slice(lap * 200 + (lap === 0 ? 0 : 1), lap * 200 + 201),
    averageHeartRate: 140 + lap * 5,
    maxHeartRate: 155 + lap * 5,
    calories: 70 + lap,
  }));
}

const TCX_SCHEMA = 'xmlns="http://www.garmin.com/xmlschemas/TrainingCenterDatabase/v2"';

describe('TCX parser on a Garmin export with several laps', () => {
  const file = utf8(garminTcx(threeLaps()));

  it('reads the track points with position, time, altitude, device distance, heart rate and run cadence', () => {
    const activity = parse(file);
    expect(activity.format).toBe('tcx');
    expect(activity.track.lat).toHaveLength(601);
    expect(activity.deviceDistance).toBe(true);
    expect(activity.track.distance[600]).toBeCloseTo(9000, 6);
    expect(activity.track.time[1]).toBe(Date.UTC(2024, 4, 1, 5, 30, 5));
    expect(activity.track.elevation[100]).toBeCloseTo(255, 6);
    expect(activity.track.heartRate[0]).toBe(130);
    // Garmin writes a run's cadence only as ns3:RunCadence in the TPX extension.
    expect(Array.from(activity.track.cadence.slice(0, 3))).toEqual([84, 85, 86]);
  });

  it('reads the sport, the notes (never the name) and the creator device', () => {
    const activity = parse(file);
    expect(activity.sportLabel).toBe('Running');
    expect(activity.declaredType).toBe('run');
    expect(activity.name).toBeNull();
    expect(activity.notes).toBe('Tempo Tuesday');
    expect(activity.deviceName).toBe('Forerunner 265');
    expect(parse(utf8(garminTcx(threeLaps(), 'Biking'))).declaredType).toBe('ride');
    const other = parse(utf8(garminTcx(threeLaps(), 'Other')));
    expect(other.declaredType).toBe('other');
    expect(other.sportLabel).toBe('Other');
  });

  it('keeps each lap with its own totals and its range of points', () => {
    const { laps } = parse(file);
    expect(laps).toHaveLength(3);
    expect(laps.map((lap) => [lap.startIndex, lap.endIndex])).toEqual([
      [0, 201],
      [201, 401],
      [401, 601],
    ]);
    expect(laps[0]).toMatchObject({
      startTime: Date.UTC(2024, 4, 1, 5, 30, 0),
      totalTimeS: 1000,
      distanceM: 3000,
      averageHeartrate: 140,
      maxHeartrate: 155,
      // <Cadence> is absent in runs; the lap extension's AvgRunCadence stands in.
      averageCadence: 86,
    });
    expect(laps[2]?.averageHeartrate).toBe(150);
  });

  it('device totals are the laps added up', () => {
    const { deviceTotals } = parse(file);
    // Laps 2 and 3 start one point after the previous lap's last: 15 m and 5 s fall between laps.
    expect(deviceTotals?.distanceM).toBeCloseTo(3000 + 2985 + 2985, 6);
    expect(deviceTotals?.timerTimeS).toBeCloseTo(1000 + 995 + 995, 6);
    expect(deviceTotals?.calories).toBe(70 + 71 + 72);
    expect(deviceTotals?.elapsedTimeS).toBeNaN();
    expect(deviceTotals?.ascentM).toBeNaN();
  });

  it('summarizes like the device: distance, moving time, type', () => {
    const summary = summarizeTrack(parse(file).track);
    expect(summary.distance).toBeCloseTo(9000, 6);
    expect(summary.movingTime).toBe(3000);
    expect(summary.averageSpeed).toBeCloseTo(3, 6);
    expect(guessActivityType(summary)).toBe('run');
  });

  it('streams: random chunks give the same result as the whole file', () => {
    const whole = parse(file);
    const parser = createTcxParser();
    writeInRandomChunks(file, (chunk) => parser.write(chunk), 11);
    const chunked = parser.finish();
    expect(chunked.track).toEqual(whole.track);
    expect(chunked.laps).toEqual(whole.laps);
  });

  it('skips trackpoints without a position (pause markers) and fills distance from positions when the device gave none', () => {
    const activity = parse(
      utf8(`<TrainingCenterDatabase ${TCX_SCHEMA}><Activities><Activity Sport="Running"><Id>2024-05-01T05:00:00Z</Id>
        <Lap StartTime="2024-05-01T05:00:00Z"><Track>
          <Trackpoint><Time>2024-05-01T05:00:00Z</Time><Position><LatitudeDegrees>46</LatitudeDegrees><LongitudeDegrees>14</LongitudeDegrees></Position><HeartRateBpm><Value>120</Value></HeartRateBpm></Trackpoint>
          <Trackpoint><Time>2024-05-01T05:00:05Z</Time><HeartRateBpm><Value>121</Value></HeartRateBpm></Trackpoint>
          <Trackpoint><Time>2024-05-01T05:00:10Z</Time><Position><LatitudeDegrees>46.001</LatitudeDegrees><LongitudeDegrees>14</LongitudeDegrees></Position><Cadence>90</Cadence></Trackpoint>
        </Track></Lap></Activity></Activities></TrainingCenterDatabase>`),
    );
    expect(Array.from(activity.track.heartRate)).toEqual([120, Number.NaN]);
    expect(activity.track.cadence[1]).toBe(90);
    expect(activity.deviceDistance).toBe(false);
    expect(activity.track.distance[1]).toBeCloseTo(111.2, 0);
  });

  it('reads a course: its name and its track, no laps kept', () => {
    const activity = parse(
      utf8(`<TrainingCenterDatabase ${TCX_SCHEMA}><Courses><Course><Name>Lunch loop</Name>
        <Lap><TotalTimeSeconds>600</TotalTimeSeconds><DistanceMeters>2000</DistanceMeters></Lap>
        <Track>
          <Trackpoint><Time>2024-05-01T05:00:00Z</Time><Position><LatitudeDegrees>46</LatitudeDegrees><LongitudeDegrees>14</LongitudeDegrees></Position><DistanceMeters>0</DistanceMeters></Trackpoint>
          <Trackpoint><Time>2024-05-01T05:10:00Z</Time><Position><LatitudeDegrees>46.018</LatitudeDegrees><LongitudeDegrees>14</LongitudeDegrees></Position><DistanceMeters>2000</DistanceMeters></Trackpoint>
        </Track></Course></Courses></TrainingCenterDatabase>`),
    );
    expect(activity.name).toBe('Lunch loop');
    expect(activity.track.lat).toHaveLength(2);
    expect(activity.laps).toEqual([]);
    expect(activity.deviceTotals).toBeNull();
    expect(summarizeTrack(activity.track).distance).toBe(2000);
  });
});

describe('TCX content messages', () => {
  it('"Invalid TCX file format" for malformed XML, another root, or a DOCTYPE', () => {
    expect(failure(utf8('<TrainingCenterDatabase><Activities>'))).toBe(
      'Failed to parse TCX file: Invalid TCX file format',
    );
    expect(failure(utf8('<gpx version="1.1"><trk/></gpx>'))).toBe(message(TCX_CONTENT_MESSAGES.invalidFormat));
    expect(failure(utf8('<!DOCTYPE x [<!ENTITY a "b">]><TrainingCenterDatabase/>'))).toBe(
      message(TCX_CONTENT_MESSAGES.invalidFormat),
    );
  });

  it('"No activities or courses found in TCX file"', () => {
    expect(failure(utf8(`<TrainingCenterDatabase ${TCX_SCHEMA}><Activities/></TrainingCenterDatabase>`))).toBe(
      'Failed to parse TCX file: No activities or courses found in TCX file',
    );
  });

  it('"No valid track points found in TCX file"', () => {
    expect(
      failure(
        utf8(
          `<TrainingCenterDatabase ${TCX_SCHEMA}><Activities><Activity Sport="Running"><Id>2024-05-01T05:00:00Z</Id><Lap StartTime="2024-05-01T05:00:00Z"><TotalTimeSeconds>60</TotalTimeSeconds></Lap></Activity></Activities></TrainingCenterDatabase>`,
        ),
      ),
    ).toBe('Failed to parse TCX file: No valid track points found in TCX file');
  });

  it('hostile input: random bytes, empty, truncated, billion laughs', () => {
    const invalid = message(TCX_CONTENT_MESSAGES.invalidFormat);
    const random = seededRandom(3);
    expect(failure(Uint8Array.from({ length: 1024 }, () => Math.floor(random() * 256)))).toBe(invalid);
    expect(failure(new Uint8Array(0))).toBe(invalid);
    const file = utf8(garminTcx(threeLaps()));
    expect(failure(file.subarray(0, file.length - 40))).toBe(invalid);
    const bomb = `<!DOCTYPE TrainingCenterDatabase [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;"><!ENTITY c "&b;&b;&b;&b;&b;&b;&b;&b;&b;&b;">]><TrainingCenterDatabase><Activities><Activity Sport="&c;"/></Activities></TrainingCenterDatabase>`;
    expect(failure(utf8(bomb))).toBe(invalid);
  });
});
