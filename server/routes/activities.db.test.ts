import { readFileSync, readdirSync } from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ActivityDetail, ActivityPage, DisplayTrack } from '../../core/activity/schemas.ts';
import { UPLOAD_MESSAGES } from '../../core/activity/upload-rules.ts';
import type { Profile } from '../../core/profile.ts';
import { expectApiError, registerUser, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

const FIXTURES = path.resolve(import.meta.dirname, '../../test/fixtures/real');
const fixture = (name: string) => readFileSync(path.join(FIXTURES, name));

const NO_POINTS_GPX = `<?xml version="1.0"?><gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg><trkpt lat="1" lon="2"/></trkseg></trk></gpx>`;

let server: TestServer;
let ada: RegisteredUser;
let bob: RegisteredUser;

beforeAll(async () => {
  server = await startTestServer();
  ada = await registerUser(server, { name: 'Ada Lovelace' });
  bob = await registerUser(server, { name: 'Bob Runner' });
});

afterAll(async () => {
  await server.stop();
});

async function countOwned(userId: string) {
  const { db } = server.database;
  const activities = await db.selectFrom('activities').select('id').where('userId', '=', userId).execute();
  const ids = activities.map((row) => row.id);
  const tracks = ids.length
    ? await db.selectFrom('activityTracks').select('activityId').where('activityId', 'in', ids).execute()
    : [];
  const files = ids.length
    ? await db.selectFrom('activityFiles').select('activityId').where('activityId', 'in', ids).execute()
    : [];
  return { activities: ids.length, tracks: tracks.length, files: files.length };
}

describe('POST /api/activities/uploads', () => {
  it('imports a GPX file: parsing → saving → complete, stored with track, file and statistics', async () => {
    const result = await uploadFiles(server, ada.client, [
      { name: 'cerknicko-jezero.gpx', content: fixture('cerknicko-jezero.gpx') },
    ]);
    expect(result.status).toBe(200);
    expect(result.events[0]).toEqual({
      kind: 'accepted',
      files: [{ index: 0, name: 'cerknicko-jezero.gpx', size: fixture('cerknicko-jezero.gpx').length }],
      warnings: [],
    });
    const states = result.events.filter((event) => event.kind === 'file').map((event) => event.state);
    expect(states[0]).toBe('parsing');
    expect(states.indexOf('saving')).toBeGreaterThan(0);
    expect(states.at(-1)).toBe('complete');
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 0 });
    const [final] = finalFileEvents(result.events);
    expect(final?.duplicate).toBe(false);

    const detail = await ada.client.get<ActivityDetail>(`/api/activities/${final?.activityId}`);
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({
      source: 'upload',
      fileType: 'gpx',
      originalFilename: 'cerknicko-jezero.gpx',
      hasTrack: true,
      timezone: 'Europe/Ljubljana',
    });
    expect(detail.body.distance).toBeGreaterThan(1000);
    expect(detail.body.splitsMetric.length).toBeGreaterThan(0);
    // Spec §3 Split fields, snake_case exactly, with numbers.
    const [firstSplit] = detail.body.splitsMetric;
    expect(Object.keys(firstSplit ?? {}).sort()).toEqual([
      'average_grade_adjusted_speed',
      'average_speed',
      'distance',
      'elapsed_time',
      'elevation_difference',
      'moving_time',
      'pace_zone',
      'split',
    ]);
    expect(firstSplit).toMatchObject({ split: 1 });
    expect(firstSplit?.elapsed_time).toBeGreaterThan(60);
    expect(firstSplit?.elapsed_time).toBeLessThan(3600);
    expect(detail.body.startDateLocal).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/);

    const track = await ada.client.get<DisplayTrack>(`/api/activities/${final?.activityId}/track`);
    expect(track.status).toBe(200);
    expect(track.body.lat.length).toBeLessThanOrEqual(2000);
    expect(track.body.lat.length).toBe(track.body.distance.length);
    // The lake loop was recorded in seven segments: the map breaks its line at the six gaps.
    expect(track.body.segmentStarts).toHaveLength(6);
    for (const start of track.body.segmentStarts) {
      expect(start).toBeGreaterThan(0);
      expect(start).toBeLessThan(track.body.lat.length);
      // A gap adds no distance.
      expect(track.body.distance[start]).toBe(track.body.distance[start - 1]);
    }

    const profile = await ada.client.get<Profile>('/api/profile');
    expect(profile.body.statistics.totalActivities).toBe(1);
    expect(profile.body.statistics.totalDistance).toBeCloseTo(detail.body.distance, 3);
    expect(await countOwned(ada.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
  });

  it('treats the same file uploaded again as already imported', async () => {
    const result = await uploadFiles(server, ada.client, [
      { name: 'renamed.gpx', content: fixture('cerknicko-jezero.gpx') },
    ]);
    const [final] = finalFileEvents(result.events);
    expect(final).toMatchObject({ state: 'complete', duplicate: true, message: UPLOAD_MESSAGES.alreadyImported });
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 0, duplicates: 1, failed: 0 });
    expect((await countOwned(ada.id)).activities).toBe(1);
  });

  it('records one bad file and still imports the next ones', async () => {
    const result = await uploadFiles(server, bob.client, [
      { name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') },
      { name: 'broken.gpx', content: NO_POINTS_GPX },
      { name: 'watch.fit', content: fixture('running-with-developer-data.fit') },
    ]);
    const finals = finalFileEvents(result.events);
    expect(finals.map((event) => event.state)).toEqual(['complete', 'error', 'complete']);
    expect(finals[1]?.message).toBe('Failed to parse GPX file: No valid track points found in GPX file');
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 2, duplicates: 0, failed: 1 });
    expect(await countOwned(bob.id)).toEqual({ activities: 2, tracks: 2, files: 2 });
  });

  it('warns about duplicate file names but imports them', async () => {
    const result = await uploadFiles(server, bob.client, [
      { name: 'same.gpx', content: fixture('korita-zbevnica.gpx') },
      { name: 'same.gpx', content: fixture('Mojstrovka.gpx') },
    ]);
    expect(result.events[0]).toMatchObject({
      kind: 'accepted',
      warnings: [UPLOAD_MESSAGES.duplicateNames(['same.gpx'])],
    });
    expect(finalFileEvents(result.events).map((event) => event.state)).toEqual(['complete', 'complete']);
  });

  it('fails an unsupported file on its own row and imports the rest', async () => {
    const carol = await registerUser(server, { name: 'Carol Unsupported' });
    const result = await uploadFiles(server, carol.client, [
      { name: 'notes.txt', content: 'hello' },
      { name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') },
    ]);
    expect(result.status).toBe(200);
    expect(finalFileEvents(result.events)).toEqual([
      {
        kind: 'file',
        index: 0,
        name: 'notes.txt',
        state: 'error',
        message: 'File 1 has unsupported format. Supported: .gpx, .fit, .tcx, .gpx.gz, .fit.gz, .tcx.gz',
      },
      expect.objectContaining({ index: 1, state: 'complete', duplicate: false }),
    ]);
    expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 1, duplicates: 0, failed: 1 });
    expect(await countOwned(carol.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
  });

  describe('gzipped files (.fit.gz, .gpx.gz, .tcx.gz)', () => {
    it('decompresses them, stores the file inside, and knows the plain file as the same one', async () => {
      const dan = await registerUser(server, { name: 'Dan Gzip' });
      const gpx = fixture('cerknicko-jezero.gpx');
      const result = await uploadFiles(server, dan.client, [
        { name: 'lake.gpx.gz', content: gzipSync(gpx), type: 'application/gzip' },
        { name: 'watch.fit.gz', content: gzipSync(fixture('running-with-developer-data.fit')) },
      ]);
      expect(result.status).toBe(200);
      expect(result.events[0]).toEqual({
        kind: 'accepted',
        files: [
          { index: 0, name: 'lake.gpx', size: gpx.length },
          { index: 1, name: 'watch.fit', size: fixture('running-with-developer-data.fit').length },
        ],
        warnings: [],
      });
      expect(result.events.at(-1)).toEqual({ kind: 'done', imported: 2, duplicates: 0, failed: 0 });
      const [lake] = finalFileEvents(result.events);
      const download = await fetch(`${server.url}/api/activities/${lake?.activityId}/original`, {
        headers: { cookie: cookieHeader(dan.client) },
      });
      expect(download.status).toBe(200);
      expect(download.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''lake.gpx");
      expect(Buffer.from(await download.arrayBuffer()).equals(gpx)).toBe(true);
      const again = await uploadFiles(server, dan.client, [{ name: 'lake.gpx', content: gpx }]);
      expect(finalFileEvents(again.events)[0]).toMatchObject({ state: 'complete', duplicate: true });
      expect(await countOwned(dan.id)).toEqual({ activities: 2, tracks: 2, files: 2 });
    });

    it('fails a damaged .gz on its own row and imports the rest', async () => {
      const erin = await registerUser(server, { name: 'Erin Damaged' });
      const whole = gzipSync(fixture('korita-zbevnica.gpx'));
      const result = await uploadFiles(server, erin.client, [
        { name: 'cut.gpx.gz', content: whole.subarray(0, Math.floor(whole.length / 2)) },
        { name: 'plain-text.tcx.gz', content: 'this is not gzip' },
        { name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') },
      ]);
      expect(result.status).toBe(200);
      const finals = finalFileEvents(result.events);
      expect(finals.map((event) => [event.state, event.message])).toEqual([
        ['error', 'File 1 could not be decompressed: it is not a complete gzip file.'],
        ['error', UPLOAD_MESSAGES.corruptGzip(2)],
        ['complete', undefined],
      ]);
      expect(await countOwned(erin.id)).toEqual({ activities: 1, tracks: 1, files: 1 });
    });

    it('refuses a gzip bomb as soon as it decompresses past 50 MB, leaving nothing behind', async () => {
      const before = await countOwned(ada.id);
      // 60 MB of spaces compress to about 60 KB.
      const bomb = gzipSync(Buffer.alloc(60 * 1024 * 1024, 0x20));
      expect(bomb.length).toBeLessThan(1024 * 1024);
      const result = await uploadFiles(server, ada.client, [
        { name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') },
        { name: 'bomb.gpx.gz', content: bomb },
      ]);
      expect(result.status).toBe(413);
      expect(result.error).toEqual({ type: 'validation_error', message: 'File 2 is too large. Maximum size is 50MB' });
      expect(await countOwned(ada.id)).toEqual(before);
      expect(readdirSync(path.join(server.config.dataDir, 'tmp'))).toEqual([]);
    });
  });

  describe('refused batches leave nothing behind', () => {
    const tmpFiles = () => {
      try {
        return readdirSync(path.join(server.config.dataDir, 'tmp')).length;
      } catch {
        return 0;
      }
    };

    it.each([
      ['no files', [], 400, UPLOAD_MESSAGES.noFiles],
      [
        '11 files',
        Array.from({ length: 11 }, (_, i) => ({ name: `run-${i}.gpx`, content: NO_POINTS_GPX })),
        400,
        UPLOAD_MESSAGES.tooManyFiles,
      ],
      [
        'a file over 50 MB',
        [{ name: 'huge.gpx', content: new Uint8Array(52_428_801) }],
        413,
        UPLOAD_MESSAGES.fileTooLarge(1),
      ],
    ] as const)('%s', async (_label, files, status, message) => {
      const before = await countOwned(ada.id);
      const result = await uploadFiles(server, ada.client, files);
      expect(result.status).toBe(status);
      expect(result.error).toEqual({ type: 'validation_error', message });
      expect(await countOwned(ada.id)).toEqual(before);
      expect(tmpFiles()).toBe(0);
    });

    it('refuses a 2 GB body after the first 50 MB without reading the rest', async () => {
      const boundary = 'stride-test-boundary';
      const { status, body, sent } = await new Promise<{ status: number; body: string; sent: number }>(
        (resolve, reject) => {
          const request = http.request(`${server.url}/api/activities/uploads`, {
            method: 'POST',
            headers: {
              cookie: cookieHeader(ada.client),
              origin: server.url,
              'content-type': `multipart/form-data; boundary=${boundary}`,
              'content-length': String(2 * 1024 ** 3),
            },
          });
          let sent = 0;
          let answered = false;
          const chunk = Buffer.alloc(1024 * 1024, 0x20);
          request.write(
            `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="endless.gpx"\r\n\r\n`,
          );
          const pump = () => {
            while (!answered && sent < 2 * 1024 ** 3) {
              sent += chunk.length;
              if (!request.write(chunk)) {
                request.once('drain', pump);
                return;
              }
            }
          };
          request.on('response', (response) => {
            answered = true;
            let text = '';
            response.on('data', (data: Buffer) => (text += data.toString()));
            response.on('end', () => {
              request.destroy();
              resolve({ status: response.statusCode ?? 0, body: text, sent });
            });
          });
          request.on('error', (error) => (answered ? undefined : reject(error)));
          pump();
        },
      );
      expect(status).toBe(413);
      expect(JSON.parse(body)).toEqual({
        error: { type: 'validation_error', message: UPLOAD_MESSAGES.fileTooLarge(1) },
      });
      expect(sent).toBeLessThan(200 * 1024 * 1024);
      expect(tmpFiles()).toBe(0);
    });
  });

  it('needs a session', async () => {
    const response = await fetch(`${server.url}/api/activities/uploads`, {
      method: 'POST',
      headers: { origin: server.url },
      body: new FormData(),
    });
    expect(response.status).toBe(401);
  });
});

describe('GET /api/activities', () => {
  let carol: RegisteredUser;
  beforeAll(async () => {
    carol = await registerUser(server, { name: 'Carol Sample' });
    expect((await carol.client.post('/api/activities/samples')).body).toEqual({ added: 3 });
    await uploadFiles(server, carol.client, [{ name: 'drive.gpx', content: fixture('around-visnjan-with-car.gpx') }]);
  });

  it('lists newest first with the total', async () => {
    const page = await carol.client.get<ActivityPage>('/api/activities');
    expect(page.status).toBe(200);
    expect(page.body.total).toBe(4);
    const dates = page.body.items.map((item) => item.startDate);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('filters by exact type', async () => {
    const rides = await carol.client.get<ActivityPage>('/api/activities?type=ride');
    expect(rides.body.items.map((item) => item.originalFilename)).toEqual(['drive.gpx']);
    const runs = await carol.client.get<ActivityPage>('/api/activities?type=run');
    expect(runs.body.items.every((item) => item.source === 'placeholder')).toBe(true);
    expect(runs.body.total).toBe(3);
  });

  it('filters by an inclusive range of local dates', async () => {
    const samples = (await carol.client.get<ActivityPage>('/api/activities?type=run')).body.items;
    const days = samples.map((item) => item.startDateLocal.slice(0, 10)).sort();
    const oneDay = await carol.client.get<ActivityPage>(`/api/activities?from=${days[1]}&to=${days[1]}`);
    expect(oneDay.body.items.map((item) => item.startDateLocal.slice(0, 10))).toEqual([days[1]]);
    const twoDays = await carol.client.get<ActivityPage>(`/api/activities?type=run&from=${days[0]}&to=${days[1]}`);
    expect(twoDays.body.total).toBe(2);
  });

  it('pages by number without gaps or repeats', async () => {
    const all = (await carol.client.get<ActivityPage>('/api/activities')).body.items.map((item) => item.id);
    const first = await carol.client.get<ActivityPage>('/api/activities?limit=3');
    const second = await carol.client.get<ActivityPage>('/api/activities?limit=3&page=2');
    expect([first.body.total, second.body.total]).toEqual([4, 4]);
    expect([...first.body.items, ...second.body.items].map((item) => item.id)).toEqual(all);
  });

  it('rejects a bad filter or page with a message', async () => {
    expectApiError(await carol.client.get('/api/activities?page=0'), 400, {
      type: 'validation_error',
      message: 'page: Use a page number from 1.',
    });
    const badDate = await carol.client.get('/api/activities?from=yesterday');
    expect(badDate.status).toBe(400);
    expect((badDate.body as { error: { message: string } }).error.message).toBe(
      'from: Use a real calendar date as YYYY-MM-DD.',
    );
    expectApiError(await carol.client.get('/api/activities?to=2026-02-30'), 400, {
      type: 'validation_error',
      message: 'to: Use a real calendar date as YYYY-MM-DD.',
    });
  });

  it('adds the samples once, labelled, and leaves them out of the statistics', async () => {
    expect((await carol.client.post('/api/activities/samples')).body).toEqual({ added: 3 });
    const page = await carol.client.get<ActivityPage>('/api/activities?type=run');
    expect(page.body.total).toBe(3);
    const profile = await carol.client.get<Profile>('/api/profile');
    expect(profile.body.statistics.totalActivities).toBe(1);
    expect((await carol.client.delete('/api/activities/samples')).body).toEqual({ removed: 3 });
    expect((await carol.client.get<ActivityPage>('/api/activities')).body.total).toBe(1);
  });
});

describe('one activity', () => {
  let id: string;
  beforeAll(async () => {
    // A route has no date: uploaded alone, it takes the start its runner enters.
    const result = await uploadFiles(
      server,
      ada.client,
      [{ name: 'route.gpx', content: fixture('route.gpx') }],
      'Europe/Ljubljana',
      { startDateLocal: '2026-03-01T09:00' },
    );
    id = finalFileEvents(result.events)[0]?.activityId ?? '';
    expect(id).not.toBe('');
  });

  it('is a 404 to anybody else, for every verb', async () => {
    const notFound = { type: 'api_error', message: 'Activity not found.' } as const;
    expectApiError(await bob.client.get(`/api/activities/${id}`), 404, notFound);
    expectApiError(await bob.client.get(`/api/activities/${id}/track`), 404, notFound);
    expectApiError(await bob.client.get(`/api/activities/${id}/original`), 404, notFound);
    expectApiError(await bob.client.get(`/api/activities/${id}/export.gpx`), 404, notFound);
    expectApiError(await bob.client.patch(`/api/activities/${id}`, { name: 'Mine now' }), 404, notFound);
    expectApiError(await bob.client.delete(`/api/activities/${id}`), 404, notFound);
    expect((await ada.client.get<ActivityDetail>(`/api/activities/${id}`)).body.name).not.toBe('Mine now');
  });

  it('downloads the original bytes and exports GPX', async () => {
    const original = await fetch(`${server.url}/api/activities/${id}/original`, {
      headers: { cookie: cookieHeader(ada.client) },
    });
    expect(original.status).toBe(200);
    expect(original.headers.get('content-disposition')).toBe("attachment; filename*=UTF-8''route.gpx");
    expect(Buffer.from(await original.arrayBuffer()).equals(fixture('route.gpx'))).toBe(true);
    const gpx = await fetch(`${server.url}/api/activities/${id}/export.gpx`, {
      headers: { cookie: cookieHeader(ada.client) },
    });
    expect(gpx.headers.get('content-type')).toContain('application/gpx+xml');
    const text = await gpx.text();
    const track = (await ada.client.get<DisplayTrack>(`/api/activities/${id}/track`)).body;
    expect(text.match(/<trkpt /g)?.length).toBe(track.pointCount);
  });

  it('renames, and refuses an empty name', async () => {
    const renamed = await ada.client.patch<ActivityDetail>(`/api/activities/${id}`, { name: '  Lake loop  ' });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Lake loop');
    expectApiError(await ada.client.patch(`/api/activities/${id}`, { name: '   ' }), 400, {
      type: 'validation_error',
      message: 'name: Enter a name.',
    });
  });

  it('deletes the activity with its track and file, and updates the statistics', async () => {
    const before = await countOwned(ada.id);
    expect((await ada.client.delete(`/api/activities/${id}`)).body).toEqual({ deleted: true });
    expect(await countOwned(ada.id)).toEqual({
      activities: before.activities - 1,
      tracks: before.tracks - 1,
      files: before.files - 1,
    });
    expect((await ada.client.get(`/api/activities/${id}`)).status).toBe(404);
    const profile = await ada.client.get<Profile>('/api/profile');
    expect(profile.body.statistics.totalActivities).toBe(before.activities - 1);
  });
});

describe('deleting the account', () => {
  it('removes every activity, track and file of the user', async () => {
    const dora = await registerUser(server, { name: 'Dora Gone' });
    await uploadFiles(server, dora.client, [{ name: 'lake.gpx', content: fixture('cerknicko-jezero.gpx') }]);
    await dora.client.post('/api/activities/samples');
    expect(await countOwned(dora.id)).toEqual({ activities: 4, tracks: 4, files: 1 });
    const everyone = async () => {
      const { db } = server.database;
      const count = async (table: 'activities' | 'activityTracks' | 'activityFiles') =>
        Number(
          (
            await db
              .selectFrom(table)
              .select((eb) => eb.fn.countAll<string>().as('n'))
              .executeTakeFirstOrThrow()
          ).n,
        );
      return {
        activities: await count('activities'),
        tracks: await count('activityTracks'),
        files: await count('activityFiles'),
      };
    };
    const before = await everyone();
    const deleted = await dora.client.delete('/api/account', {
      confirmEmail: dora.credentials.email,
      password: dora.credentials.password,
    });
    expect(deleted.status).toBe(200);
    expect(await everyone()).toEqual({
      activities: before.activities - 4,
      tracks: before.tracks - 4,
      files: before.files - 1,
    });
  });
});
