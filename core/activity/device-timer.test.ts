/**
 * The device's timer kept on an activity and its splits, against what Garmin's FIT SDK reads from
 * the same real files (session total_timer_time, timer stop and start events).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Decoder, Stream } from '@garmin/fitsdk';
import { describe, expect, it } from 'vitest';
import { describeActivities } from './activity-record.ts';
import { parseActivityFile } from './parse-activity-file.ts';

const REAL = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const CONTEXT = { fallbackTimeZone: 'UTC', now: new Date(Date.UTC(2026, 0, 1)) };

/**
 * The SDK's session timer, the stretches its timer events say it stood still, when it first
 * started and last stopped, and the first record's time, ms.
 */
function sdkTimer(bytes: Uint8Array) {
  const { messages } = new Decoder(Stream.fromByteArray(bytes)).read();
  const events = (messages.eventMesgs ?? []).filter((event) => event.event === 'timer');
  const at = (event: (typeof events)[number] | undefined) => (event?.timestamp as Date).getTime();
  const pauses: { from: number; to: number }[] = [];
  events.forEach((event, i) => {
    const next = events[i + 1];
    if (String(event.eventType).startsWith('stop') && next?.eventType === 'start') {
      pauses.push({ from: at(event), to: at(next) });
    }
  });
  return {
    timer: Number(messages.sessionMesgs?.[0]?.totalTimerTime),
    pauses,
    started: at(events.find((event) => event.eventType === 'start')),
    stopped: at(events.findLast((event) => String(event.eventType).startsWith('stop'))),
    first: (messages.recordMesgs?.[0]?.timestamp as Date).getTime(),
  };
}

const describeFile = (name: string) => {
  const bytes = new Uint8Array(readFileSync(path.join(REAL, name)));
  const [described] = describeActivities(parseActivityFile('fit', bytes), CONTEXT);
  return { bytes, record: described?.record };
};

describe("the device's timer", () => {
  it("is kept beside the moving time, and each split's timer time leaves out the timer's pauses", () => {
    // A ride whose timer was stopped four times (Edge: test.fit).
    const { bytes, record } = describeFile('test.fit');
    const sdk = sdkTimer(bytes);
    expect(sdk.pauses.length).toBeGreaterThan(0);
    expect(record?.timerTime).toBe(sdk.timer);
    const splits = record?.splitsMetric ?? [];
    // A split runs between the points where the track crosses its boundaries; the first from when
    // the timer started, the last until it stopped.
    let elapsed = 0;
    let paused = 0;
    for (const [i, split] of splits.entries()) {
      const start = i === 0 ? sdk.started : sdk.first + elapsed * 1000;
      elapsed += split.elapsed_time;
      const end = i === splits.length - 1 ? sdk.stopped : sdk.first + elapsed * 1000;
      const within = sdk.pauses.reduce(
        (sum, pause) => sum + Math.max(0, Math.min(pause.to, end) - Math.max(pause.from, start)) / 1000,
        0,
      );
      const expected = (end - start) / 1000 - within;
      expect(Math.abs((split.timer_time as number) - expected), `km ${split.split}`).toBeLessThanOrEqual(1);
      paused += within;
    }
    expect(paused).toBeGreaterThan(30);
    const timed = splits.reduce((sum, split) => sum + (split.timer_time as number), 0);
    expect(Math.abs(timed - sdk.timer)).toBeLessThanOrEqual(1);
  });

  it('is absent from a GPX, which carries no device timer', () => {
    const bytes = new Uint8Array(readFileSync(path.join(REAL, 'cerknicko-jezero.gpx')));
    const [described] = describeActivities(parseActivityFile('gpx', bytes), CONTEXT);
    expect(described?.record.timerTime).toBeNull();
    expect(described?.record.splitsMetric.every((split) => split.timer_time === undefined)).toBe(true);
  });
});
