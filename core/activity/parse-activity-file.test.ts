import { describe, expect, it } from 'vitest';
import { garminConnectGpx, garminTcx, straightRun } from './activity-file-builders.test-support.ts';
import { createActivityFileParser, parseActivityFile } from './parse-activity-file.ts';
import { ActivityFileError } from './upload-rules.ts';

const utf8 = (text: string) => new TextEncoder().encode(text);
const points = straightRun({ points: 20 });

describe('one entry point for .gpx, .tcx and .fit', () => {
  it('dispatches on the format', () => {
    expect(parseActivityFile('gpx', utf8(garminConnectGpx(points))).format).toBe('gpx');
    const tcx = createActivityFileParser('tcx');
    tcx.write(utf8(garminTcx([{ points, averageHeartRate: 140, maxHeartRate: 150, calories: 10 }])));
    expect(tcx.finish().format).toBe('tcx');
  });

  it("each format's own message for a file in the wrong format", () => {
    const gpx = utf8(garminConnectGpx(points));
    expect(() => parseActivityFile('tcx', gpx)).toThrow('Failed to parse TCX file: Invalid TCX file format');
    expect(() => parseActivityFile('fit', gpx)).toThrow('Failed to parse FIT file: Invalid FIT file format');
    expect(() => parseActivityFile('gpx', new Uint8Array([0x0e, 0x10]))).toThrow(ActivityFileError);
  });
});
