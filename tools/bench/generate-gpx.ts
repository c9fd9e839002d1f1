/**
 * Writes the benchmark's GPX: a Garmin-style run with elevation, time, heart rate and cadence on
 * every point (about 50 MB, about 200,000 points). Points are indented by
 * tabs relative to <trkpt> so that 200,000 of them come to about 50 MB and stay under the 50 MB
 * upload limit (spec §9), letting the same file go through the HTTP API. Deterministic, so every
 * run of the benchmark parses the same bytes. `benchGpxChunks` gives the same run, shorter or at
 * another start, as text in pieces (the archive bench's many activities).
 */
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

export const BENCH_GPX_POINTS = 200_000;

const BENCH_GPX_START = Date.UTC(2024, 4, 1, 5, 0, 0);

const isoSeconds = (ms: number) => new Date(ms).toISOString().replace('.000Z', 'Z');

const header = (start: number, name: string) => `<?xml version="1.0" encoding="UTF-8"?>
<gpx creator="Stride benchmark" version="1.1" xmlns="http://www.topografix.com/GPX/1/1" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" xsi:schemaLocation="http://www.topografix.com/GPX/1/1 http://www.topografix.com/GPX/1/1/gpx.xsd">
  <metadata>
    <time>${isoSeconds(start)}</time>
  </metadata>
  <trk>
    <name>${name}</name>
    <type>running</type>
    <trkseg>
`;
const FOOTER = `    </trkseg>
  </trk>
</gpx>
`;

/** A point every second along a slow spiral around Ljubljana, rolling hills and a heart rate that drifts. */
function trackPoint(i: number, start: number): string {
  const angle = i / 3000;
  const radius = 0.01 + i * 2e-7;
  const lat = 46.0569 + radius * Math.sin(angle);
  const lon = 14.5058 + radius * Math.cos(angle) * 1.44;
  const ele = 295 + 40 * Math.sin(i / 1700) + 3 * Math.sin(i / 37);
  const time = isoSeconds(start + i * 1000);
  const hr = 120 + Math.round(30 * Math.sin(i / 5000) + 10 * Math.sin(i / 90));
  const cad = 84 + (i % 7);
  return `<trkpt lat="${lat.toFixed(7)}" lon="${lon.toFixed(7)}">
\t<ele>${ele.toFixed(1)}</ele>
\t<time>${time}</time>
\t<extensions>
\t\t<gpxtpx:TrackPointExtension>
\t\t\t<gpxtpx:hr>${hr}</gpxtpx:hr>
\t\t\t<gpxtpx:cad>${cad}</gpxtpx:cad>
\t\t</gpxtpx:TrackPointExtension>
\t</extensions>
</trkpt>
`;
}

/** The GPX of `points` points from `start` (ms), as text in pieces of about 1 MB. */
export function* benchGpxChunks(
  points: number,
  { start = BENCH_GPX_START, name = 'Benchmark long run' }: { start?: number; name?: string } = {},
): Generator<string> {
  let batch = header(start, name);
  for (let i = 0; i < points; i += 1) {
    batch += trackPoint(i, start);
    if (batch.length > 1 << 20) {
      yield batch;
      batch = '';
    }
  }
  yield batch + FOOTER;
}

/** Writes the file and resolves with its size in bytes. */
export async function writeBenchGpx(path: string, points = BENCH_GPX_POINTS): Promise<number> {
  const out = createWriteStream(path);
  let bytes = 0;
  for (const text of benchGpxChunks(points)) {
    bytes += Buffer.byteLength(text);
    if (!out.write(text)) {
      await once(out, 'drain');
    }
  }
  out.end();
  await once(out, 'finish');
  return bytes;
}
