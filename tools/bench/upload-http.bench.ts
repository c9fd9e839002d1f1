/**
 * The 50 MB GPX end to end through the HTTP API — multipart upload, spool, parse, save —
 * until the server reports the file complete: ≤ 3 s.
 */
import { readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { UploadEvent } from '../../core/activity/schemas.ts';
import type { Bench } from './bench.ts';
import { writeBenchGpx } from './generate-gpx.ts';
import { median, startBenchServer } from './server-fixture.ts';

const RUNS = 3;
const TARGET_S = 3;

export const uploadHttpBench: Bench = {
  name: 'Upload 50 MB GPX through the HTTP API',
  async run() {
    const file = path.join(tmpdir(), `stride-bench-upload-${process.pid}.gpx`);
    await writeBenchGpx(file);
    const bytes = await readFile(file);
    const bench = await startBenchServer();
    const seconds: number[] = [];
    try {
      for (let run = 0; run < RUNS; run += 1) {
        // A different trailing comment each run, so the import is not answered as a duplicate.
        const content = Buffer.concat([bytes, Buffer.from(`\n<!-- run ${run} -->\n`)]);
        const form = new FormData();
        form.append('timeZone', 'UTC');
        form.append('files', new Blob([content], { type: 'application/gpx+xml' }), `bench-${run}.gpx`);
        const started = performance.now();
        const response = await fetch(`${bench.server.url}/api/activities/uploads`, {
          method: 'POST',
          headers: { cookie: bench.cookie, origin: bench.server.url },
          body: form,
        });
        const events = (await response.text())
          .split('\n')
          .filter(Boolean)
          .map((line) => JSON.parse(line) as UploadEvent);
        seconds.push((performance.now() - started) / 1000);
        const done = events.at(-1);
        if (done?.kind !== 'done' || done.imported !== 1) {
          throw new Error(`Upload did not complete: ${JSON.stringify(events.at(-1))}`);
        }
      }
    } finally {
      await bench.close();
      await rm(file, { force: true });
    }
    const typical = median(seconds);
    return {
      headers: ['run', 'upload → complete'],
      rows: seconds.map((value, run) => [String(run + 1), `${value.toFixed(2)} s`]),
      checks: [
        {
          label: `Median upload → complete ≤ ${TARGET_S} s`,
          measured: `${typical.toFixed(2)} s`,
          passed: typical <= TARGET_S,
        },
      ],
      notes: [`${(bytes.length / 1024 / 1024).toFixed(1)} MB GPX, on-disk PGlite, loopback HTTP, ${RUNS} runs.`],
    };
  },
};
