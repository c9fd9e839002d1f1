import { describe, expect, it } from 'vitest';
import { trackToGpx } from './gpx-export.ts';
import { parseActivityFile } from './parse-activity-file.ts';
import type { Track } from './track.ts';

const START = Date.UTC(2026, 10, 26, 7, 0, 0);

function track(heartRate: boolean): Track {
  const n = 3;
  const column = (values: number[]) => Float64Array.from(values);
  return {
    time: column([START, START + 1000, START + 2000]),
    lat: column([46.05, 46.0501, 46.0502]),
    lon: column([14.5, 14.5001, 14.5002]),
    elevation: column([295, 295.5, 296]),
    heartRate: column(heartRate ? [120, 121, 122.4] : [NaN, NaN, NaN]),
    cadence: column(Array.from({ length: n }, () => NaN)),
    distance: column([0, 13.6, 27.2]),
  };
}

describe('trackToGpx', () => {
  it('writes GPX 1.1 with time, elevation and heart rate as a Garmin TrackPointExtension', () => {
    const gpx = trackToGpx({ name: 'Morning <Run>', type: 'run', track: track(true) });
    expect(gpx).toContain('<gpx version="1.1" creator="Stride" xmlns="http://www.topografix.com/GPX/1/1"');
    expect(gpx).toContain('<name>Morning &lt;Run&gt;</name>');
    expect(gpx).toContain(
      '<trkpt lat="46.0500000" lon="14.5000000"><ele>295.0</ele><time>2026-11-26T07:00:00.000Z</time><extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>120</gpxtpx:hr></gpxtpx:TrackPointExtension></extensions></trkpt>',
    );
    expect(gpx.match(/<trkpt /g)).toHaveLength(3);
  });

  it('leaves the extension out without heart rate, and reads back through Stride’s own parser', () => {
    const gpx = trackToGpx({ name: 'Easy', type: 'run', track: track(false) });
    expect(gpx).not.toContain('TrackPointExtension><');
    const parsed = parseActivityFile('gpx', new TextEncoder().encode(gpx));
    expect(parsed.name).toBe('Easy');
    expect(Array.from(parsed.track.time)).toEqual([START, START + 1000, START + 2000]);
    expect(Array.from(parsed.track.elevation)).toEqual([295, 295.5, 296]);
  });
});
