import { afterEach, describe, expect, it } from 'vitest';
import { createImportPool, VISITORS_POOL_OWNER, type ImportPool } from './import-pool.ts';

/** A planner GPX of a few points: each import is a short job of its owner's. */
function routeGpx(name: string): Uint8Array {
  const points = ['lat="46" lon="14"', 'lat="46.01" lon="14"', 'lat="46.02" lon="14.01"']
    .map((at) => `<trkpt ${at}/>`)
    .join('');
  return new TextEncoder().encode(
    `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><name>${name}</name><trkseg>${points}</trkseg></trk></gpx>`,
  );
}

let pool: ImportPool | undefined;

afterEach(async () => {
  await pool?.close();
  pool = undefined;
});

describe('the import pool serves owners fairly', () => {
  it('three visitors’ planner imports (one party) do not queue a runner’s file behind all three', async () => {
    pool = createImportPool({ workers: 1, memoryMb: 64, fileTimeoutMs: 60_000 });
    const order: string[] = [];
    const queue = (label: string, owner: string) =>
      pool!.importRoute(routeGpx(label), { owner }).then(() => void order.push(label));
    // All four are queued in one turn of the event loop, before the one worker can finish any.
    const jobs = [
      queue('visitor 1', VISITORS_POOL_OWNER),
      queue('visitor 2', VISITORS_POOL_OWNER),
      queue('visitor 3', VISITORS_POOL_OWNER),
      queue('runner', 'user-1'),
    ];
    await Promise.all(jobs);
    // The running file goes on; the runner's is next, ahead of the party's two others.
    expect(order).toEqual(['visitor 1', 'runner', 'visitor 2', 'visitor 3']);
  });
});
