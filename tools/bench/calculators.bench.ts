/**
 * The calculators: (1) the /calculators route's JavaScript beyond the app shell, gzip bytes of the
 * built chunks (`npm run build:web` first): the chunks the page's chunk imports, transitively,
 * less those the shell (index.html's entry, the app start it loads, and their imports) already
 * loads. Target: ≤ 150 KB.
 * (2) Best efforts of all seven distances on a 200,000-point track. Target: ≤ 150 ms of CPU time.
 */
import { bestEfforts } from '../../core/running/best-efforts.ts';
import type { Bench, BenchReport } from './bench.ts';
import { routeBytes } from './route-bytes.ts';

const TARGET_KB = 150;
const TARGET_MS = 150;
const POINTS = 200_000;
const RUNS = 5;

/** A marathon-and-more track: one point a second, pace waving between 4:00 and 6:00/km, a few stops. */
function syntheticTrack(points: number): { distance: Float64Array; seconds: Float64Array } {
  const distance = new Float64Array(points);
  const seconds = new Float64Array(points);
  for (let i = 1; i < points; i += 1) {
    seconds[i] = i;
    const stopped = i % 5000 < 60;
    const speed = 1000 / (300 + 60 * Math.sin(i / 700));
    distance[i] = (distance[i - 1] as number) + (stopped ? 0 : speed);
  }
  return { distance, seconds };
}

function measure(): BenchReport {
  const bytes = routeBytes('CalculatorsPage');
  const track = syntheticTrack(POINTS);
  bestEfforts(track);
  // CPU time of this process, beside the wall time: on a shared machine the wall time also counts
  // the waits for a core, which say nothing about the scan.
  const wall: number[] = [];
  const cpu: number[] = [];
  let efforts = 0;
  for (let run = 0; run < RUNS; run += 1) {
    const start = performance.now();
    const startCpu = process.cpuUsage();
    efforts = bestEfforts(track).length;
    const used = process.cpuUsage(startCpu);
    wall.push(performance.now() - start);
    cpu.push((used.user + used.system) / 1000);
  }
  const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(RUNS / 2)] as number;
  const median = medianOf(cpu);
  const medianWall = medianOf(wall);
  const kb = (count: number) => `${(count / 1024).toFixed(1)} KB`;
  return {
    headers: ['measure', 'bytes', 'gzip'],
    rows: [
      ...bytes.rows,
      ['route total beyond the shell', '', kb(bytes.gzip)],
      [
        `best efforts, ${POINTS.toLocaleString('en-US')} points, CPU (median of ${RUNS})`,
        '',
        `${median.toFixed(1)} ms`,
      ],
      [
        `best efforts, ${POINTS.toLocaleString('en-US')} points, wall (median of ${RUNS})`,
        '',
        `${medianWall.toFixed(1)} ms`,
      ],
    ],
    checks: [
      {
        label: `Calculators route JavaScript (gzip) ≤ ${TARGET_KB} KB`,
        measured: kb(bytes.gzip),
        passed: bytes.gzip <= TARGET_KB * 1024,
      },
      {
        label: `Best efforts on ${POINTS.toLocaleString('en-US')} points ≤ ${TARGET_MS} ms of CPU`,
        measured: `${median.toFixed(1)} ms`,
        passed: median <= TARGET_MS,
      },
    ],
    notes: [
      'Bytes from the build in dist/web; rebuild after changing web/.',
      `The track: ${((track.distance[POINTS - 1] as number) / 1000).toFixed(1)} km, ${efforts} distances found.`,
    ],
  };
}

export const calculatorsBench: Bench = {
  name: 'Calculators: route JavaScript beyond the shell, best efforts on 200,000 points',
  id: 'calculators',
  run: () => Promise.resolve(measure()),
};
