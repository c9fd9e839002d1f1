/**
 * Hostile input over HTTP: NUL bytes and deep JSON answer 400 with a sentence on every route (never
 * 500), text fields are normalised and capped, athleteProfile is bounded after the merge, and
 * profile photos are uploads served by Stride with headers that keep them images.
 */
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIVITY_NAME_MAX } from '../../core/activity/schemas.ts';
import { HTTP_MESSAGES, JSON_MAX_DEPTH } from '../../core/errors.ts';
import {
  PROFILE_PHOTO_MAX_BYTES,
  PROFILE_PHOTO_MAX_SIDE,
  PROFILE_PHOTO_UPLOAD_MESSAGES,
} from '../../core/profile-photo.ts';
import {
  ATHLETE_PROFILE_LIMITS,
  ATHLETE_PROFILE_MESSAGES,
  PROFILE_LIMITS,
  type Profile,
  type PublicProfile,
} from '../../core/profile.ts';
import { tooLongMessage } from '../../core/user-text.ts';
import { TIME_ZONE_MESSAGES } from '../../core/activity/time-zone.ts';
import { garminConnectGpx, straightRun } from '../../core/activity/activity-file-builders.test-support.ts';
import { createApiClient } from '../test-support/api-client.ts';
import {
  expectApiError,
  getOwnProfile,
  makeProfilePublic,
  type RegisteredUser,
  registerUser,
} from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { cookieHeader, finalFileEvents, uploadFiles } from '../test-support/uploads.ts';

let server: TestServer;
let runner: RegisteredUser;

beforeAll(async () => {
  server = await startTestServer();
  runner = await registerUser(server, { name: 'Input Runner' });
});

afterAll(async () => {
  await server.stop();
});

const nul = { type: 'validation_error', message: HTTP_MESSAGES.nulCharacter } as const;

function nested(depth: number): unknown {
  let value: unknown = 1;
  for (let level = 0; level < depth; level += 1) {
    value = { a: value };
  }
  return value;
}

describe('NUL bytes and deep JSON', () => {
  it('answers 400 for a NUL in a path, a query or a JSON string, signed in or not', async () => {
    const anonymous = createApiClient(server.url);
    expectApiError(await anonymous.get('/api/public/profiles/ada%00'), 400, nul);
    expectApiError(await runner.client.get('/api/activities?type=run%00'), 400, nul);
    expectApiError(await runner.client.get('/api/activities/abc%00'), 400, nul);
    expectApiError(await runner.client.patch('/api/profile', { bio: 'a\u0000b' }), 400, nul);
    expectApiError(await runner.client.patch('/api/profile', { athleteProfile: { 'k\u0000': 1 } }), 400, nul);
    expectApiError(
      await anonymous.post('/api/auth/sign-in/email', { email: 'a\u0000@example.com', password: 'x' }),
      400,
      nul,
    );
  });

  it('answers 400 for a NUL in a form-encoded body, on better-auth and on Stride routes alike', async () => {
    const anonymous = createApiClient(server.url);
    const form = { 'content-type': 'application/x-www-form-urlencoded' };
    expectApiError(
      await anonymous.post('/api/auth/sign-in/email', undefined, {
        rawBody: 'email=a%00%40example.com&password=x',
        headers: form,
      }),
      400,
      nul,
    );
    expectApiError(
      await runner.client.patch('/api/profile', undefined, { rawBody: 'bio=a%00b', headers: form }),
      400,
      nul,
    );
  });

  it('answers 400 with a sentence for a lone UTF-16 surrogate in any JSON string or key', async () => {
    const surrogate = { type: 'validation_error', message: HTTP_MESSAGES.loneSurrogate } as const;
    expectApiError(
      await runner.client.patch('/api/profile', undefined, { rawBody: '{"bio":"a\\ud800"}' }),
      400,
      surrogate,
    );
    expectApiError(
      await runner.client.patch('/api/profile', undefined, { rawBody: '{"athleteProfile":{"\\udc00":1}}' }),
      400,
      surrogate,
    );
    expectApiError(
      await runner.client.post('/api/goals?timeZone=UTC', undefined, { rawBody: '{"title":"\\ud83c run"}' }),
      400,
      surrogate,
    );
    expectApiError(
      await createApiClient(server.url).post('/api/auth/sign-up/email', undefined, {
        rawBody: '{"name":"\\udfffAda","email":"ada-surrogate@example.com","password":"secret-123"}',
      }),
      400,
      surrogate,
    );
    // A pair (an emoji) is whole text and is kept.
    const kept = await runner.client.patch<Profile>('/api/profile', undefined, {
      rawBody: '{"bio":"\\ud83c\\udfc3 daily"}',
    });
    expect(kept.status).toBe(200);
    expect(kept.body.bio).toBe('🏃 daily');
  });

  it(`answers 400 for JSON nested deeper than ${JSON_MAX_DEPTH} levels`, async () => {
    const deep = { type: 'validation_error', message: HTTP_MESSAGES.jsonTooDeep } as const;
    expectApiError(await runner.client.patch('/api/profile', { athleteProfile: nested(JSON_MAX_DEPTH) }), 400, deep);
    const rawBody = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expectApiError(await runner.client.patch('/api/profile', undefined, { rawBody }), 400, deep);
  });
});

describe('time zones', () => {
  it('refuses a time zone the server does not know with a sentence, and writes nothing', async () => {
    const unknownZone = { type: 'validation_error', message: `timeZone: ${TIME_ZONE_MESSAGES.unknown}` } as const;
    const medals = await runner.client.get('/api/medals?timeZone=Mars%2FOlympus_Mons');
    expectApiError(medals, 400, unknownZone);

    const goal = await runner.client.post('/api/goals?timeZone=Europe%2FAtlantis', {
      kind: 'race',
      title: 'Spring half',
      startDate: '2026-11-24',
      endDate: '2027-03-01',
      raceDistanceM: 21_097.5,
      targetTimeS: 6900,
    });
    expectApiError(goal, 400, unknownZone);
    const goals = await runner.client.get<{ goals: unknown[] }>('/api/goals');
    expect(goals.body.goals).toEqual([]);

    expect((await runner.client.get('/api/medals?timeZone=Europe%2FLjubljana')).status).toBe(200);
  });

  it('refuses an upload whose time zone field is unknown or not text, importing nothing', async () => {
    const fresh = await registerUser(server);
    const run = garminConnectGpx(straightRun({ points: 30, start: Date.UTC(2026, 2, 1, 7) }), 'Zone run');
    const unknown = await uploadFiles(server, fresh.client, [{ name: 'zone.gpx', content: run }], 'Mars/Olympus_Mons');
    expect(unknown).toMatchObject({
      status: 400,
      error: { type: 'validation_error', message: `timeZone: ${TIME_ZONE_MESSAGES.unknown}` },
    });
    const nul = await uploadFiles(server, fresh.client, [{ name: 'zone.gpx', content: run }], 'Europe/Ljubljana\u0000');
    expect(nul).toMatchObject({ status: 400, error: { message: HTTP_MESSAGES.nulCharacter } });
    expect((await fresh.client.get<{ total: number }>('/api/activities')).body.total).toBe(0);
  });
});

describe('text fields', () => {
  it('stores names, location and bio normalised', async () => {
    const response = await runner.client.patch<Profile>('/api/profile', {
      firstName: ' Zoe\u0301\u202E ',
      lastName: 'Ng\u2066\u0007',
      location: 'Oslo\nNorway',
      bio: 'Line one.\r\nLine two.\u200F',
    });
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      firstName: 'Zoé',
      lastName: 'Ng',
      name: 'Zoé Ng',
      location: 'Oslo Norway',
      bio: 'Line one.\nLine two.',
    });
  });

  it('refuses a field over its limit with the sentence and changes nothing', async () => {
    const before = await getOwnProfile(runner.client);
    const response = await runner.client.patch('/api/profile', { bio: 'x'.repeat(PROFILE_LIMITS.bio + 1) });
    expectApiError(response, 400, {
      type: 'validation_error',
      message: `bio: ${tooLongMessage(PROFILE_LIMITS.bio)}`,
    });
    expect(await getOwnProfile(runner.client)).toEqual(before);
  });

  it('bounds athleteProfile after the merge', async () => {
    const half = 'x'.repeat(ATHLETE_PROFILE_LIMITS.bytes / 2);
    expect((await runner.client.patch('/api/profile', { athleteProfile: { a: half } })).status).toBe(200);
    const response = await runner.client.patch('/api/profile', { athleteProfile: { b: half } });
    expectApiError(response, 400, {
      type: 'validation_error',
      message: `athleteProfile: ${ATHLETE_PROFILE_MESSAGES.tooLarge}`,
    });
    expect((await getOwnProfile(runner.client)).athleteProfile).toEqual({ a: half });
    // Thirty requests no longer grow it without limit.
    for (let index = 0; index < 30; index += 1) {
      await runner.client.patch('/api/profile', { athleteProfile: { [`k${index}`]: half } });
    }
    const stored = (await getOwnProfile(runner.client)).athleteProfile;
    expect(JSON.stringify(stored).length).toBeLessThanOrEqual(ATHLETE_PROFILE_LIMITS.bytes);
  });

  it('refuses an uploaded file name with a NUL or an ill-formed character, importing nothing', async () => {
    const fresh = await registerUser(server);
    const run = garminConnectGpx(straightRun({ points: 30, start: Date.UTC(2026, 2, 2, 7) }), 'Name run');
    // RFC 5987's encoded form (`filename*=UTF-8''…`) carries any byte past the multipart parser.
    const post = async (encodedName: string) => {
      const boundary = 'stride-boundary';
      const body = [
        `--${boundary}\r\nContent-Disposition: form-data; name="timeZone"\r\n\r\nEurope/Ljubljana\r\n`,
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename*=UTF-8''${encodedName}\r\n`,
        `Content-Type: application/gpx+xml\r\n\r\n${run}\r\n--${boundary}--\r\n`,
      ].join('');
      const response = await fetch(`${server.url}/api/activities/uploads`, {
        method: 'POST',
        headers: {
          cookie: cookieHeader(fresh.client),
          origin: server.url,
          'content-type': `multipart/form-data; boundary=${boundary}`,
        },
        body,
      });
      return { status: response.status, body: (await response.json()) as { error: { type: string; message: string } } };
    };
    expect(await post('morning%00run.gpx')).toEqual({
      status: 400,
      body: { error: { type: 'validation_error', message: HTTP_MESSAGES.nulCharacter } },
    });
    // A lone surrogate cannot be encoded in UTF-8; its bytes decode to U+FFFD, which is kept.
    const names = await uploadFiles(server, fresh.client, [{ name: 'caf\u00e9 run.gpx', content: run }]);
    expect(names.error).toBeUndefined();
    expect(finalFileEvents(names.events)[0]).toMatchObject({ state: 'complete' });
    expect((await fresh.client.get<{ total: number }>('/api/activities')).body.total).toBe(1);
  });

  it('cuts a name from a file to the activity name limit and normalises a rename', async () => {
    const fixture = path.join(import.meta.dirname, '..', '..', 'test', 'fixtures', 'real', 'korita-zbevnica.gpx');
    const gpx = (await readFile(fixture, 'utf8')).replaceAll(
      /<name>[^<]*<\/name>/g,
      `<name>${'N'.repeat(100_000)}</name>`,
    );
    const uploaded = await uploadFiles(server, runner.client, [{ name: 'long-name.gpx', content: gpx }]);
    const [file] = finalFileEvents(uploaded.events);
    expect(file?.state).toBe('complete');
    const activity = await runner.client.get<{ name: string }>(`/api/activities/${file?.activityId}`);
    expect(activity.body.name).toBe('N'.repeat(ACTIVITY_NAME_MAX));

    const renamed = await runner.client.patch<{ name: string }>(`/api/activities/${file?.activityId}`, {
      name: ' Hill\u202E repeats\u0000 '.replace('\u0000', ''),
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Hill repeats');
    expectApiError(
      await runner.client.patch(`/api/activities/${file?.activityId}`, { name: 'x'.repeat(ACTIVITY_NAME_MAX + 1) }),
      400,
      { type: 'validation_error', message: `name: ${tooLongMessage(ACTIVITY_NAME_MAX)}` },
    );
  });
});

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function postPhoto(user: RegisteredUser, body: Uint8Array | string | FormData, contentType?: string) {
  const response = await fetch(`${server.url}/api/profile/photo`, {
    method: 'POST',
    headers: {
      cookie: cookieHeader(user.client),
      origin: server.url,
      ...(contentType ? { 'content-type': contentType } : {}),
    },
    body,
  });
  return { status: response.status, body: (await response.json()) as Profile & { error?: { message: string } } };
}

describe('profile photos', () => {
  it('stores an uploaded PNG and serves it from Stride with headers that keep it an image', async () => {
    const user = await registerUser(server);
    await makeProfilePublic(user.client);
    const uploaded = await postPhoto(user, PNG, 'application/octet-stream');
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.photoURL).toMatch(new RegExp(`^/api/profile-photos/${user.id}\\?v=[0-9a-f]{16}$`));

    const image = await fetch(`${server.url}${uploaded.body.photoURL}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('x-content-type-options')).toBe('nosniff');
    expect(image.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    expect(image.headers.get('cache-control')).toContain('immutable');
    const served = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    expect(served).toMatchObject({ format: 'png', width: 1, height: 1 });

    const me = await user.client.get<{ username: string }>('/api/profile');
    const publicProfile = await createApiClient(server.url).get<PublicProfile>(
      `/api/public/profiles/${me.body.username}`,
    );
    expect(publicProfile.body.photoURL).toBe(uploaded.body.photoURL);

    const removed = await user.client.delete<Profile>('/api/profile/photo');
    expect(removed.body.photoURL).toBe('');
    expect((await fetch(`${server.url}${uploaded.body.photoURL}`)).status).toBe(404);
  });

  it('serves a re-encoding without EXIF (no GPS, no camera) and at most the bounded size', async () => {
    const user = await registerUser(server);
    const camera = 'StrideTestCam';
    const upload = await sharp({ create: { width: 2000, height: 1500, channels: 3, background: '#c85028' } })
      .jpeg()
      .withExif({
        IFD0: { Make: camera },
        IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '51/1 30/1 0/1', GPSLongitudeRef: 'W', GPSLongitude: '0/1 7/1 0/1' },
      })
      .toBuffer();
    // The upload itself carries an EXIF block with the GPS directory (tag 0x8825) and the camera.
    const uploadExif = (await sharp(upload).metadata()).exif;
    expect(uploadExif?.includes(Buffer.from([0x88, 0x25])) || uploadExif?.includes(Buffer.from([0x25, 0x88]))).toBe(
      true,
    );
    expect(upload.includes(camera)).toBe(true);

    const uploaded = await postPhoto(user, upload, 'image/jpeg');
    expect(uploaded.status).toBe(200);
    const image = await fetch(`${server.url}${uploaded.body.photoURL}`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    const served = Buffer.from(await image.arrayBuffer());
    expect(served.equals(upload)).toBe(false);
    expect(served.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(served.includes(camera)).toBe(false);
    const metadata = await sharp(served).metadata();
    expect(metadata).toMatchObject({ format: 'jpeg', width: PROFILE_PHOTO_MAX_SIDE, height: 384 });
    expect(metadata.exif).toBeUndefined();
    expect(metadata.xmp).toBeUndefined();
  });

  it('refuses bytes that start like an image but do not decode, leaving no photo', async () => {
    const user = await registerUser(server);
    const broken = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(200, 7)]);
    const response = await postPhoto(user, broken, 'image/jpeg');
    expect(response).toMatchObject({
      status: 400,
      body: { error: { message: PROFILE_PHOTO_UPLOAD_MESSAGES.unreadable } },
    });
    expect((await getOwnProfile(user.client)).photoURL).toBe('');
  });

  it('accepts a multipart upload too', async () => {
    const user = await registerUser(server);
    const form = new FormData();
    form.append('photo', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const uploaded = await postPhoto(user, form);
    expect(uploaded.status).toBe(200);
    expect(uploaded.body.photoURL).toContain('/api/profile-photos/');
  });

  it('refuses by the bytes, not the declared type, and refuses more than 2 MB', async () => {
    const user = await registerUser(server);
    const svg = await postPhoto(user, '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"/>', 'image/png');
    expect(svg).toMatchObject({ status: 400, body: { error: { message: PROFILE_PHOTO_UPLOAD_MESSAGES.unsupported } } });
    const empty = await postPhoto(user, new Uint8Array(), 'image/png');
    expect(empty).toMatchObject({ status: 400, body: { error: { message: PROFILE_PHOTO_UPLOAD_MESSAGES.empty } } });
    const big = new Uint8Array(PROFILE_PHOTO_MAX_BYTES + 1);
    big.set(PNG);
    const tooLarge = await postPhoto(user, big, 'image/png');
    expect(tooLarge).toMatchObject({
      status: 413,
      body: { error: { message: PROFILE_PHOTO_UPLOAD_MESSAGES.tooLarge } },
    });
    expect((await getOwnProfile(user.client)).photoURL).toBe('');
  });

  it("refuses a photoURL set to another runner's photo or another site", async () => {
    const owner = await registerUser(server);
    const photo = await postPhoto(owner, PNG);
    const copier = await registerUser(server);
    const response = await copier.client.patch('/api/profile', { photoURL: photo.body.photoURL });
    expect(response.status).toBe(400);
    expect((await getOwnProfile(copier.client)).photoURL).toBe('');
  });

  it('sends a CSP whose img-src allows no other site than the map tiles', async () => {
    const response = await fetch(`${server.url}/api/health`);
    const csp = response.headers.get('content-security-policy') ?? '';
    const imgSrc = /img-src ([^;]*)/.exec(csp)?.[1] ?? '';
    expect(imgSrc.split(' ')).not.toContain('https:');
    expect(imgSrc).toContain('https://tile.openstreetmap.org');
  });
});
