import { describe, expect, it } from 'vitest';
import { bestEfforts, countedProgress, fastestStretch, type EffortTrack } from './best-efforts.ts';

/** A track from stretches of [metres, seconds], one point every `step` metres (or each pause). */
function buildTrack(stretches: readonly (readonly [number, number])[], step = 10): EffortTrack {
  const distance = [0];
  const seconds = [0];
  for (const [metres, time] of stretches) {
    const startD = distance.at(-1) as number;
    const startT = seconds.at(-1) as number;
    const points = Math.max(1, Math.round(metres / step));
    for (let k = 1; k <= points; k += 1) {
      distance.push(startD + (metres * k) / points);
      seconds.push(startT + (time * k) / points);
    }
  }
  return { distance, seconds };
}

const find = (track: EffortTrack, id: string) => bestEfforts(track).find((effort) => effort.distance.id === id);

describe('bestEfforts', () => {
  it('finds a fast 5K in the middle of a 15 km run', () => {
    // 5 km at 5:00/km, 5 km at 4:00/km, 5 km at 5:00/km.
    const track = buildTrack([
      [5000, 1500],
      [5000, 1200],
      [5000, 1500],
    ]);
    const fiveK = find(track, '5k');
    expect(fiveK?.seconds).toBeCloseTo(1200, 6);
    expect(fiveK?.startMetres).toBeCloseTo(5000, 6);
    expect(find(track, '1k')?.seconds).toBeCloseTo(240, 6);
    // 10K: the fast 5 km plus 5 km at 5:00/km.
    expect(find(track, '10k')?.seconds).toBeCloseTo(2700, 6);
    expect(find(track, 'half')).toBeUndefined();
  });

  it('interpolates a stretch whose ends fall between points', () => {
    // Points every 300 m; the 400 m at 3:00/km lies inside a 900 m fast stretch.
    const track = buildTrack(
      [
        [900, 540],
        [900, 162],
        [900, 540],
      ],
      300,
    );
    expect(find(track, '400m')?.seconds).toBeCloseTo(72, 6);
  });

  it('leaves a pause out of the time, as moving time does', () => {
    // 1 km in 4:00, a 10-minute stop, 1 km in 4:00: the 2 km stretch took 480 moving seconds.
    const track = buildTrack([
      [500, 120],
      [0, 600],
      [500, 120],
    ]);
    const { metres, moving } = countedProgress(track);
    expect(moving.at(-1)).toBeCloseTo(240, 9);
    expect(fastestStretch(metres, moving, 1000)?.seconds).toBeCloseTo(240, 9);
    expect(find(track, '1k')?.seconds).toBeCloseTo(240, 9);
  });

  it('ignores a GPS jump instead of making it a record', () => {
    // 2 km at 5:00/km with one fix 500 m off (out and back in 2 s).
    const base = buildTrack([[2000, 600]]);
    const distance = Array.from(base.distance);
    const seconds = Array.from(base.seconds);
    const at = 100;
    distance.splice(at + 1, 0, (distance[at] as number) + 500);
    seconds.splice(at + 1, 0, (seconds[at] as number) + 1);
    for (let i = at + 2; i < distance.length; i += 1) {
      distance[i] = (distance[i] as number) + 1000;
      seconds[i] = (seconds[i] as number) + 2;
    }
    const oneK = find({ distance, seconds }, '1k');
    expect(oneK?.seconds).toBeCloseTo(300, 6);
  });

  it('returns nothing for a track without distance', () => {
    expect(bestEfforts({ distance: [0, 0], seconds: [0, 10] })).toEqual([]);
  });
});
