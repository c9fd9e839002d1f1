import { describe, expect, it } from 'vitest';
import type { MapPoint } from '../../../../core/profile-privacy.ts';
import { drawRoute } from './share-card-painting.ts';

/** A context that records the path it is given. */
function recordingContext() {
  const calls: string[] = [];
  const record =
    (name: string) =>
    (...args: unknown[]) =>
      void calls.push(`${name}(${args.map((arg) => (typeof arg === 'number' ? Math.round(arg) : arg)).join(',')})`);
  const context = {
    save: record('save'),
    restore: record('restore'),
    beginPath: record('beginPath'),
    moveTo: record('moveTo'),
    lineTo: record('lineTo'),
    arc: record('arc'),
    fill: record('fill'),
    stroke: record('stroke'),
  } as unknown as CanvasRenderingContext2D;
  return { context, calls };
}

const box = { x: 0, y: 0, width: 236, height: 236 };

describe('drawRoute (the share card’s route)', () => {
  it('draws exactly the lines it is given, one stroke each, and marks no start or finish', () => {
    const lines: MapPoint[][] = [
      [
        [0, 0],
        [0.001, 0],
      ],
      [
        [0.002, 0],
        [0.003, 0],
        [0.004, 0],
      ],
      // A single point has nothing to draw.
      [[0.005, 0]],
    ];
    const { context, calls } = recordingContext();

    drawRoute(context, lines, box);

    expect(calls.filter((call) => call.startsWith('moveTo') || call.startsWith('lineTo'))).toEqual([
      'moveTo(118,200)',
      'lineTo(118,159)',
      'moveTo(118,118)',
      'lineTo(118,77)',
      'lineTo(118,36)',
    ]);
    expect(calls.filter((call) => call === 'stroke()')).toHaveLength(1);
    expect(calls.some((call) => call.startsWith('arc'))).toBe(false);
  });

  it('draws nothing when nothing of the route may be shown', () => {
    const { context, calls } = recordingContext();
    drawRoute(context, [], box);
    drawRoute(context, [[[51.5, -0.12]]], box);
    expect(calls).toEqual([]);
  });
});
