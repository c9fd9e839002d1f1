/**
 * One contender parsing the benchmark GPX, alone in its own process so that its peak RSS is its
 * own. Prints one JSON line: wall time, CPU time, peak RSS, points found.
 *
 *   tsx tools/bench/gpx-parse-child.ts stride|togeojson <file.gpx>
 */
import { createReadStream, readFileSync } from 'node:fs';
import { DOMParser } from '@xmldom/xmldom';
import { gpx } from '@tmcw/togeojson';
import { createGpxParser } from '../../core/activity/gpx-parser.ts';
import { summarizeTrack } from '../../core/activity/metrics.ts';

export interface ChildResult {
  contender: string;
  wallMs: number;
  cpuMs: number;
  peakRssMb: number;
  points: number;
  distanceM: number;
}

/** Stride as the upload path runs it: 64 KB chunks from a read stream, then the summary. */
async function parseWithStride(file: string): Promise<{ points: number; distanceM: number }> {
  const parser = createGpxParser();
  for await (const chunk of createReadStream(file, { highWaterMark: 64 * 1024 })) {
    parser.write(chunk as Buffer);
  }
  const parsed = parser.finish();
  const summary = summarizeTrack(parsed.track);
  return { points: parsed.track.lat.length, distanceM: summary.distance };
}

/** The usual JavaScript way: the whole text into an xmldom DOM, then togeojson's gpx(). */
function parseWithTogeojson(file: string): { points: number; distanceM: number } {
  const text = readFileSync(file, 'utf8');
  const document = new DOMParser().parseFromString(text, 'text/xml');
  // togeojson is typed against the browser's Document; xmldom's implements what it reads.
  const collection = gpx(document);
  let points = 0;
  for (const feature of collection.features) {
    const geometry = feature.geometry;
    if (geometry?.type === 'LineString') {
      points += geometry.coordinates.length;
    } else if (geometry?.type === 'MultiLineString') {
      points += geometry.coordinates.reduce((sum, line) => sum + line.length, 0);
    }
  }
  return { points, distanceM: Number.NaN };
}

async function main(): Promise<void> {
  const [contender, file] = process.argv.slice(2);
  if ((contender !== 'stride' && contender !== 'togeojson') || file === undefined) {
    throw new Error('usage: gpx-parse-child.ts stride|togeojson <file.gpx>');
  }
  const cpuBefore = process.cpuUsage();
  const started = performance.now();
  const found = contender === 'stride' ? await parseWithStride(file) : parseWithTogeojson(file);
  const wallMs = performance.now() - started;
  const cpu = process.cpuUsage(cpuBefore);
  const result: ChildResult = {
    contender,
    wallMs,
    cpuMs: (cpu.user + cpu.system) / 1000,
    // maxRSS is in kilobytes: the high-water mark of this whole process.
    peakRssMb: process.resourceUsage().maxRSS / 1024,
    ...found,
  };
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

await main();
