import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createStravaSimulator, type StravaSimulator } from './strava-simulator.ts';

let simulator: StravaSimulator;

async function start(options: Parameters<typeof createStravaSimulator>[0] = {}): Promise<StravaSimulator> {
  simulator = await createStravaSimulator({ seed: 11, activities: 25, ...options });
  return simulator;
}

afterEach(async () => {
  await simulator.stop();
});

function form(fields: Record<string, string>): RequestInit {
  return {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  };
}

async function authorize(query: Record<string, string> = {}): Promise<Response> {
  const params = new URLSearchParams({
    client_id: simulator.clientId,
    redirect_uri: 'http://localhost:3000/strava/callback',
    response_type: 'code',
    approval_prompt: 'auto',
    scope: 'read,activity:read_all,profile:read_all',
    state: 'st4te',
    ...query,
  });
  return fetch(`${simulator.url}/oauth/authorize?${params.toString()}`);
}

function linkHref(html: string, id: string): URL {
  const match = new RegExp(`id="${id}"[^>]*href="([^"]+)"`).exec(html);
  if (!match?.[1]) {
    throw new Error(`no #${id} link`);
  }
  return new URL(match[1].replace(/&#38;/g, '&'));
}

async function connect(): Promise<{ access_token: string; refresh_token: string; expires_at: number }> {
  const page = await (await authorize()).text();
  const code = linkHref(page, 'authorize').searchParams.get('code') ?? '';
  const response = await fetch(
    `${simulator.url}/oauth/token`,
    form({
      client_id: simulator.clientId,
      client_secret: simulator.clientSecret,
      code,
      grant_type: 'authorization_code',
    }),
  );
  return (await response.json()) as { access_token: string; refresh_token: string; expires_at: number };
}

function api(path: string, accessToken: string): Promise<Response> {
  return fetch(`${simulator.url}/api/v3${path}`, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
  });
}

describe('GET /oauth/authorize', () => {
  beforeEach(async () => {
    await start();
  });

  it('shows an Authorize link back to redirect_uri with code, state and scope, and a deny link', async () => {
    const response = await authorize();
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toContain('text/html');
    const html = await response.text();
    expect(html).toContain('Authorize');
    const approve = linkHref(html, 'authorize');
    expect(`${approve.origin}${approve.pathname}`).toBe('http://localhost:3000/strava/callback');
    expect(approve.searchParams.get('state')).toBe('st4te');
    expect(approve.searchParams.get('scope')).toBe('read,activity:read_all,profile:read_all');
    expect(approve.searchParams.get('code')).toMatch(/^[0-9a-f]{40}$/);
    const deny = linkHref(html, 'deny');
    expect(deny.searchParams.get('error')).toBe('access_denied');
    expect(deny.searchParams.get('state')).toBe('st4te');
  });

  it('rejects a wrong client_id, a missing response_type and an unknown approval_prompt', async () => {
    const wrongClient = await authorize({ client_id: '999' });
    expect(wrongClient.status).toBe(400);
    expect(await wrongClient.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'Application', field: 'client_id', code: 'invalid' }],
    });
    expect((await authorize({ response_type: 'token' })).status).toBe(400);
    expect((await authorize({ approval_prompt: 'sometimes' })).status).toBe(400);
  });
});

describe('POST /oauth/token', () => {
  beforeEach(async () => {
    await start({ accessTokenLifetimeSeconds: 1800 });
  });

  it('exchanges a code for Strava token response with the athlete, once', async () => {
    const page = await (await authorize()).text();
    const code = linkHref(page, 'authorize').searchParams.get('code') ?? '';
    const fields = {
      client_id: simulator.clientId,
      client_secret: simulator.clientSecret,
      code,
      grant_type: 'authorization_code',
    };
    const response = await fetch(`${simulator.url}/oauth/token`, form(fields));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.token_type).toBe('Bearer');
    expect(body.access_token).toMatch(/^[0-9a-f]{40}$/);
    expect(String(body.refresh_token).length).toBeGreaterThanOrEqual(40);
    expect(body.expires_in).toBe(1800);
    expect(body.expires_at).toBe(Math.floor(Date.now() / 1000) + 1800);
    expect(typeof body.refresh_token_expires_at).toBe('number');
    const athlete = body.athlete as Record<string, unknown>;
    expect(athlete).toMatchObject({ id: simulator.state.signedInAthleteId, resource_state: 2 });
    expect(typeof athlete.firstname).toBe('string');
    expect(typeof athlete.lastname).toBe('string');

    const replay = await fetch(`${simulator.url}/oauth/token`, form(fields));
    expect(replay.status).toBe(400);
    expect(await replay.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'AuthorizationCode', field: 'code', code: 'invalid' }],
    });
  });

  it('rejects a wrong client secret', async () => {
    const response = await fetch(
      `${simulator.url}/oauth/token`,
      form({ client_id: simulator.clientId, client_secret: 'nope', code: 'x', grant_type: 'authorization_code' }),
    );
    expect(response.status).toBe(401);
  });

  it('refreshes into a new token pair and retires the old refresh token', async () => {
    const tokens = await connect();
    const fields = {
      client_id: simulator.clientId,
      client_secret: simulator.clientSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    };
    const response = await fetch(`${simulator.url}/oauth/token`, form(fields));
    expect(response.status).toBe(200);
    const body = (await response.json()) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(
      ['access_token', 'expires_at', 'expires_in', 'refresh_token', 'refresh_token_expires_at', 'token_type'].sort(),
    );
    expect(body.access_token).not.toBe(tokens.access_token);
    expect(body.refresh_token).not.toBe(tokens.refresh_token);
    expect((await api('/athlete', String(body.access_token))).status).toBe(200);

    const stale = await fetch(`${simulator.url}/oauth/token`, form(fields));
    expect(stale.status).toBe(400);
    expect(await stale.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
    });
  });

  it('returns the same access token while it has more than an hour left, as Strava does', async () => {
    await simulator.stop();
    await start({ accessTokenLifetimeSeconds: 21600 });
    const tokens = await connect();
    const response = await fetch(
      `${simulator.url}/oauth/token`,
      form({
        client_id: simulator.clientId,
        client_secret: simulator.clientSecret,
        refresh_token: tokens.refresh_token,
        grant_type: 'refresh_token',
      }),
    );
    const body = (await response.json()) as Record<string, unknown>;
    expect(body.access_token).toBe(tokens.access_token);
    expect(body.expires_at).toBe(tokens.expires_at);
  });
});

describe('API routes', () => {
  it('GET /athlete needs a Bearer token and answers the DetailedAthlete with rate-limit headers', async () => {
    await start();
    const unauthorised = await api('/athlete', 'bogus');
    expect(unauthorised.status).toBe(401);
    expect(await unauthorised.json()).toEqual({
      message: 'Authorization Error',
      errors: [{ resource: 'Athlete', field: 'access_token', code: 'invalid' }],
    });
    const { access_token } = await connect();
    const response = await api('/athlete', access_token);
    expect(response.status).toBe(200);
    expect(response.headers.get('x-ratelimit-limit')).toBe('100,1000');
    expect(response.headers.get('x-ratelimit-usage')).toBe('2,2');
    const athlete = (await response.json()) as Record<string, unknown>;
    expect(athlete).toMatchObject({ id: simulator.state.signedInAthleteId, resource_state: 3 });
    const log = simulator.state.requests.at(-1);
    expect(log).toMatchObject({
      method: 'GET',
      path: '/api/v3/athlete',
      authorization: `Bearer ${access_token}`,
      status: 200,
    });
  });

  it('pages 1,000 activities 100 at a time, newest first, until a short page', async () => {
    await start({ activities: 1000 });
    const { access_token } = await connect();
    const ids: number[] = [];
    const starts: string[] = [];
    let page = 1;
    for (;;) {
      const response = await api(`/athlete/activities?page=${page}&per_page=100`, access_token);
      expect(response.status).toBe(200);
      const list = (await response.json()) as Record<string, unknown>[];
      ids.push(...list.map((a) => Number(a.id)));
      starts.push(...list.map((a) => String(a.start_date)));
      if (list.length < 100) {
        break;
      }
      page += 1;
    }
    expect(page).toBe(11);
    expect(ids).toHaveLength(1000);
    expect(new Set(ids).size).toBe(1000);
    expect([...starts].sort().reverse()).toEqual(starts);

    const first = (
      (await (await api('/athlete/activities?per_page=1', access_token)).json()) as Record<string, unknown>[]
    )[0];
    expect(first).toBeDefined();
    for (const field of [
      'id',
      'name',
      'type',
      'sport_type',
      'start_date',
      'start_date_local',
      'timezone',
      'utc_offset',
      'distance',
      'moving_time',
      'elapsed_time',
      'total_elevation_gain',
      'average_speed',
      'max_speed',
      'has_heartrate',
      'start_latlng',
      'end_latlng',
      'map',
      'kudos_count',
      'achievement_count',
      'comment_count',
      'athlete_count',
      'photo_count',
      'trainer',
      'commute',
      'manual',
      'private',
      'workout_type',
      'gear_id',
    ]) {
      expect(first, field).toHaveProperty(field);
    }
    expect(String(first?.start_date)).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/);
    expect((first?.map as Record<string, unknown>).summary_polyline).toEqual(expect.any(String));
  });

  it('filters with before and after (epoch seconds) and picks up added and edited activities', async () => {
    await start({ activities: 40 });
    const { access_token } = await connect();
    const all = (await (await api('/athlete/activities?per_page=200', access_token)).json()) as {
      id: number;
      start_date: string;
    }[];
    const newestSeconds = Date.parse(all[0]?.start_date ?? '') / 1000;
    const milliseconds = await api(`/athlete/activities?after=${Date.now()}`, access_token);
    expect(milliseconds.status).toBe(400);
    expect(await milliseconds.json()).toEqual({
      message: 'Bad Request',
      errors: [{ resource: 'Application', field: 'after', code: 'future' }],
    });
    const newer = await api(`/athlete/activities?after=${newestSeconds}`, access_token);
    expect(await newer.json()).toEqual([]);
    const older = (await (
      await api(`/athlete/activities?before=${newestSeconds}&per_page=200`, access_token)
    ).json()) as unknown[];
    expect(older).toHaveLength(all.length - 1);

    const athleteId = simulator.state.signedInAthleteId ?? 0;
    const added = simulator.addActivity(athleteId, { name: 'Brand new run', sportType: 'Run' });
    simulator.editActivity(all[5]?.id ?? 0, { name: 'Renamed on Strava' });
    const fresh = (await (await api(`/athlete/activities?after=${newestSeconds}`, access_token)).json()) as {
      id: number;
      name: string;
    }[];
    expect(fresh.map((a) => a.id)).toEqual([added.id]);
    const detail = (await (await api(`/activities/${all[5]?.id}`, access_token)).json()) as { name: string };
    expect(detail.name).toBe('Renamed on Strava');
  });

  it('GET /activities/{id} answers the DetailedActivity with splits and laps; other ids are 404', async () => {
    await start({ activities: 5 });
    const { access_token } = await connect();
    const [summary] = (await (await api('/athlete/activities', access_token)).json()) as {
      id: number;
      distance: number;
    }[];
    const response = await api(`/activities/${summary?.id}`, access_token);
    expect(response.status).toBe(200);
    const detail = (await response.json()) as Record<string, unknown>;
    expect(detail.resource_state).toBe(3);
    for (const field of [
      'description',
      'device_name',
      'calories',
      'splits_metric',
      'splits_standard',
      'laps',
      'best_efforts',
    ]) {
      expect(detail, field).toHaveProperty(field);
    }
    const splits = detail.splits_metric as { distance: number; split: number }[];
    expect(splits[0]).toMatchObject({ split: 1, distance: 1000 });
    expect(splits.reduce((sum, s) => sum + s.distance, 0)).toBeCloseTo(summary?.distance ?? 0, 0);
    expect((detail.laps as unknown[]).length).toBeGreaterThan(0);
    const missing = await api('/activities/1', access_token);
    expect(missing.status).toBe(404);
    expect(await missing.json()).toEqual({
      message: 'Record Not Found',
      errors: [{ resource: 'Activity', field: 'id', code: 'invalid' }],
    });
  });

  it('GET /activities/{id}/streams keys by type, names elevation "altitude" and always adds distance', async () => {
    await start({ activities: 5 });
    const { access_token } = await connect();
    const [summary] = (await (await api('/athlete/activities', access_token)).json()) as {
      id: number;
      distance: number;
      elapsed_time: number;
    }[];
    const keyed = (await (
      await api(
        `/activities/${summary?.id}/streams?keys=altitude,time,latlng,velocity_smooth&key_by_type=true`,
        access_token,
      )
    ).json()) as Record<string, { data: unknown[]; series_type: string; original_size: number; resolution: string }>;
    expect(Object.keys(keyed).sort()).toEqual(['altitude', 'distance', 'latlng', 'time', 'velocity_smooth']);
    const time = keyed.time;
    expect(time).toMatchObject({ series_type: 'distance', resolution: 'high', original_size: time?.data.length });
    expect(time?.data.at(-1)).toBe(summary?.elapsed_time);
    expect(keyed.distance?.data.at(-1)).toBe(summary?.distance);
    expect((keyed.latlng?.data[0] as number[]).length).toBe(2);

    const unknownKey = (await (
      await api(`/activities/${summary?.id}/streams?keys=elevation&key_by_type=true`, access_token)
    ).json()) as Record<string, unknown>;
    expect(Object.keys(unknownKey)).toEqual(['distance']);

    const list = (await (await api(`/activities/${summary?.id}/streams?keys=time`, access_token)).json()) as {
      type: string;
    }[];
    expect(list.map((s) => s.type)).toEqual(['time', 'distance']);
  });
});

describe('fault switches', () => {
  beforeEach(async () => {
    await start();
  });

  it('answers 429 for the next N requests, with X-RateLimit-Reset, Retry-After or no reset header', async () => {
    const { access_token } = await connect();
    simulator.setFault('rateLimit', { count: 1, resetHeader: 'x-ratelimit-reset', resetInSeconds: 30 });
    const limited = await api('/athlete', access_token);
    expect(limited.status).toBe(429);
    expect(await limited.json()).toEqual({
      message: 'Rate Limit Exceeded',
      errors: [{ resource: 'Application', field: 'rate limit', code: 'exceeded' }],
    });
    const reset = Number(limited.headers.get('x-ratelimit-reset'));
    expect(reset - Math.floor(Date.now() / 1000)).toBeGreaterThanOrEqual(29);
    expect(limited.headers.get('retry-after')).toBeNull();
    expect(limited.headers.get('x-ratelimit-usage')).toBe('1,1');
    expect((await api('/athlete', access_token)).status).toBe(200);

    simulator.setFault('rateLimit', { count: 2, resetHeader: 'none', resetInSeconds: 30 });
    const bare = await api('/athlete', access_token);
    expect(bare.status).toBe(429);
    expect(bare.headers.get('x-ratelimit-reset')).toBeNull();
    expect(bare.headers.get('retry-after')).toBeNull();
    expect((await api('/athlete', access_token)).status).toBe(429);
    expect((await api('/athlete', access_token)).status).toBe(200);

    simulator.setFault('rateLimit', { count: 1, resetHeader: 'retry-after', resetInSeconds: 12 });
    expect((await api('/athlete', access_token)).headers.get('retry-after')).toBe('12');
  });

  it('enforces the 15-minute limit on its own', async () => {
    await simulator.stop();
    await start({ rateLimits: { shortTerm: 3, daily: 10 } });
    const { access_token } = await connect();
    const statuses: number[] = [];
    for (let i = 0; i < 4; i += 1) {
      statuses.push((await api('/athlete', access_token)).status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it('answers 5xx for N requests, optionally only on matching paths', async () => {
    const tokens = await connect();
    simulator.setFault('serverError', { count: 2, status: 503, match: '/oauth/token' });
    expect((await api('/athlete', tokens.access_token)).status).toBe(200);
    const refresh = form({
      client_id: simulator.clientId,
      client_secret: simulator.clientSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    });
    expect((await fetch(`${simulator.url}/oauth/token`, refresh)).status).toBe(503);
    expect((await fetch(`${simulator.url}/oauth/token`, refresh)).status).toBe(503);
    expect((await fetch(`${simulator.url}/oauth/token`, refresh)).status).toBe(200);
  });

  it('delays responses so client timeouts can fire', async () => {
    const { access_token } = await connect();
    simulator.setFault('slow', { ms: 300, count: 1 });
    const began = Date.now();
    expect((await api('/athlete', access_token)).status).toBe(200);
    expect(Date.now() - began).toBeGreaterThanOrEqual(290);
    await expect(
      (async () => {
        simulator.setFault('slow', { ms: 500 });
        await fetch(`${simulator.url}/api/v3/athlete`, {
          headers: { authorization: `Bearer ${access_token}` },
          signal: AbortSignal.timeout(100),
        });
      })(),
    ).rejects.toThrow();
    simulator.clearFaults();
  });

  it('rejects refresh tokens as invalid or expired', async () => {
    const tokens = await connect();
    const refresh = form({
      client_id: simulator.clientId,
      client_secret: simulator.clientSecret,
      refresh_token: tokens.refresh_token,
      grant_type: 'refresh_token',
    });
    const invalidBody = {
      message: 'Bad Request',
      errors: [{ resource: 'RefreshToken', field: 'refresh_token', code: 'invalid' }],
    };
    simulator.setFault('invalidRefreshToken', true);
    const invalid = await fetch(`${simulator.url}/oauth/token`, refresh);
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual(invalidBody);
    simulator.clearFaults();

    simulator.setFault('expiredRefreshTokens', true);
    const issued = simulator.issueTokens(simulator.state.signedInAthleteId ?? 0);
    expect(issued.refresh_token_expires_at).toBeLessThan(Date.now() / 1000);
    expect((await fetch(`${simulator.url}/oauth/token`, refresh)).status).toBe(400);
  });

  it('issues access tokens that are already expired and rejects them with 401', async () => {
    simulator.setFault('expiredAccessTokens', true);
    const tokens = await connect();
    expect(tokens.expires_at).toBeLessThanOrEqual(Math.floor(Date.now() / 1000));
    expect((await api('/athlete', tokens.access_token)).status).toBe(401);
  });

  it('POST /oauth/deauthorize revokes the tokens', async () => {
    const tokens = await connect();
    const response = await fetch(`${simulator.url}/oauth/deauthorize`, form({ access_token: tokens.access_token }));
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ access_token: tokens.access_token });
    expect((await api('/athlete', tokens.access_token)).status).toBe(401);
  });
});

describe('push subscriptions', () => {
  let callback: Server;
  let callbackUrl: string;
  const received: unknown[] = [];
  let answerChallenge = true;

  beforeEach(async () => {
    await start();
    received.length = 0;
    answerChallenge = true;
    callback = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://callback.invalid');
      if (request.method === 'GET') {
        if (!answerChallenge || url.searchParams.get('hub.verify_token') !== 'STRIDE') {
          response.writeHead(403).end();
          return;
        }
        response.writeHead(200, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ 'hub.challenge': url.searchParams.get('hub.challenge') }));
        return;
      }
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        received.push(JSON.parse(Buffer.concat(chunks).toString('utf8')));
        response.writeHead(200).end();
      });
    });
    await new Promise<void>((resolve) => callback.listen(0, '127.0.0.1', resolve));
    callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/strava/webhook`;
  });

  afterEach(async () => {
    await new Promise<void>((resolve) => callback.close(() => resolve()));
  });

  const credentials = (): Record<string, string> => ({
    client_id: simulator.clientId,
    client_secret: simulator.clientSecret,
  });

  it('validates the callback with hub.challenge, lists, sends events and deletes', async () => {
    const created = await fetch(
      `${simulator.url}/api/v3/push_subscriptions`,
      form({ ...credentials(), callback_url: callbackUrl, verify_token: 'STRIDE' }),
    );
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: number };
    expect(id).toBe(1);

    const duplicate = await fetch(
      `${simulator.url}/api/v3/push_subscriptions`,
      form({ ...credentials(), callback_url: callbackUrl, verify_token: 'STRIDE' }),
    );
    expect(duplicate.status).toBe(400);

    const listed = await fetch(
      `${simulator.url}/api/v3/push_subscriptions?${new URLSearchParams(credentials()).toString()}`,
    );
    expect(await listed.json()).toEqual([
      expect.objectContaining({ id: 1, callback_url: callbackUrl, resource_state: 2, application_id: 12345 }),
    ]);

    const athleteId = simulator.state.signedInAthleteId ?? 0;
    const activity = simulator.addActivity(athleteId);
    expect(
      await simulator.sendWebhookEvent({
        object_type: 'activity',
        object_id: activity.id,
        aspect_type: 'create',
        owner_id: athleteId,
      }),
    ).toBe(200);
    expect(await simulator.deauthorizeAthlete(athleteId)).toBe(200);
    expect(received).toEqual([
      expect.objectContaining({
        object_type: 'activity',
        object_id: activity.id,
        aspect_type: 'create',
        owner_id: athleteId,
        subscription_id: 1,
        updates: {},
        event_time: expect.any(Number) as number,
      }),
      expect.objectContaining({ object_type: 'athlete', aspect_type: 'update', updates: { authorized: 'false' } }),
    ]);

    const deleted = await fetch(
      `${simulator.url}/api/v3/push_subscriptions/${id}?${new URLSearchParams(credentials()).toString()}`,
      { method: 'DELETE' },
    );
    expect(deleted.status).toBe(204);
    expect(simulator.state.subscription).toBeNull();
  });

  it('refuses the subscription when the callback does not echo the challenge', async () => {
    answerChallenge = false;
    const response = await fetch(
      `${simulator.url}/api/v3/push_subscriptions`,
      form({ ...credentials(), callback_url: callbackUrl, verify_token: 'STRIDE' }),
    );
    expect(response.status).toBe(400);
    const body = (await response.json()) as { errors: { resource: string; field: string }[] };
    expect(body.errors[0]).toMatchObject({ resource: 'PushSubscription', field: 'callback url' });
    expect(simulator.state.subscription).toBeNull();
  });
});
