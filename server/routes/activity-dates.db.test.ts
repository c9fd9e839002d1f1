/**
 * Activities dated before 2000 or in the future over HTTP: an upload or a manual entry with such a
 * date is kept but flagged with the sentence saying why, and until its runner confirms it, it does
 * not stretch the charts' "All time" back to its year.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { FLAG_MESSAGES } from '../../core/activity/plausibility.ts';
import type { ActivityDetail } from '../../core/activity/schemas.ts';
import type { Charts } from '../../core/charts/chart-api.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const ZONE = 'Europe/London';
/** Tuesday 24 November 2026, noon in London. */
const NOW = Date.UTC(2026, 10, 24, 12, 0, 0);
const clock = fixedClock(NOW);

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({}, { clock });
});

afterAll(async () => {
  await server.stop();
});

/** A 10-minute run at 3 m/s starting at `startUtc`. */
async function uploadRun(runner: RegisteredUser, startUtc: number): Promise<ActivityDetail> {
  const name = `run-${startUtc}.gpx`;
  const points = straightRun({ points: 121, interval: 5, speed: 3, start: startUtc });
  const result = await uploadFiles(server, runner.client, [{ name, content: garminConnectGpx(points, name) }], ZONE);
  expect(result.status).toBe(200);
  const [final] = finalFileEvents(result.events);
  expect(final).toMatchObject({ state: 'complete' });
  const detail = await runner.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
  expect(detail.status).toBe(200);
  return detail.body;
}

const allTime = async (runner: RegisteredUser) => {
  const response = await runner.client.get<Charts>(`/api/charts?timeZone=${ZONE}&period=all`);
  expect(response.status).toBe(200);
  return response.body;
};

describe('activities dated before 2000 or in the future', () => {
  let runner: RegisteredUser;
  let old: ActivityDetail;

  beforeAll(async () => {
    runner = await registerUser(server);
    await uploadRun(runner, Date.UTC(2026, 10, 23, 7, 0, 0));
  });

  it('an upload dated 1990 is kept, flagged with its date, and left out of All time', async () => {
    const start = Date.UTC(1990, 5, 1, 7, 0, 0);
    old = await uploadRun(runner, start);
    expect(old).toMatchObject({
      flagged: true,
      flagReason: FLAG_MESSAGES.dateTooEarly(start),
      flagConfirmedAt: null,
    });
    expect(old.startDateLocal.slice(0, 10)).toBe('1990-06-01');
    expect(old.flagReason).toBe(
      "This activity is dated 1 June 1990, before 2000: the device's clock was probably not set. It is left out of your totals and medals until you confirm it.",
    );
    const charts = await allTime(runner);
    expect(charts).toMatchObject({ bucket: 'month', from: '2026-11-01', to: '2026-11-24' });
    expect(charts.buckets).toHaveLength(1);
  });

  it('an upload dated in the future is flagged too; one from today is not', async () => {
    const future = Date.UTC(2027, 0, 2, 9, 0, 0);
    const ahead = await uploadRun(runner, future);
    expect(ahead).toMatchObject({ flagged: true, flagReason: FLAG_MESSAGES.dateInFuture(future) });
    const today = await uploadRun(runner, NOW - 3 * 3600 * 1000);
    expect(today).toMatchObject({ flagged: false, flagReason: null });
    expect((await allTime(runner)).to).toBe('2026-11-24');
  });

  it('a manual activity dated 1995 asks to be confirmed', async () => {
    const response = await runner.client.post<ActivityDetail>('/api/activities/manual', {
      name: 'Old diary entry',
      type: 'run',
      distance: 10_000,
      movingTime: 3000,
      startDateLocal: '1995-03-04T09:00',
      timeZone: ZONE,
    });
    expect(response.status).toBe(201);
    expect(response.body).toMatchObject({
      flagged: true,
      flagReason: FLAG_MESSAGES.dateTooEarly(Date.UTC(1995, 2, 4, 9, 0, 0)),
    });
  });

  it('a re-type keeps the date flag, and once confirmed the run stretches All time back to its month', async () => {
    const retyped = await runner.client.patch<ActivityDetail>(`/api/activities/${old.id}`, { type: 'walk' });
    expect(retyped.status).toBe(200);
    expect(retyped.body).toMatchObject({ type: 'walk', flagged: true, flagReason: old.flagReason });
    const confirmed = await runner.client.post<ActivityDetail>(`/api/activities/${old.id}/confirm`, { timeZone: ZONE });
    expect(confirmed.status).toBe(200);
    expect((await allTime(runner)).from).toBe('1990-06-01');
  });
});
