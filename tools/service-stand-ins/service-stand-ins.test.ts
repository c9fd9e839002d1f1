import { afterEach, describe, expect, it } from 'vitest';
import { batches, polylineDistance, sampleLine } from '../../core/routes/geometry.ts';
import { parseElevationResponse, parseOsrmRoute } from '../../core/routes/route-schemas.ts';
import {
  archiveHourAt,
  archiveResponseSchema,
  archiveUrl,
  forecastHours,
  forecastResponseSchema,
  forecastUrl,
  geocodingResponseSchema,
  geocodingUrl,
  FORECAST_FETCH_HOURS,
  openMeteoErrorSchema,
} from '../../core/weather/open-meteo.ts';
import { startOpenMeteoStandIn, standInHour } from './open-meteo.ts';
import { MAX_LOCATIONS, standInElevation, startOpenTopoDataStandIn } from './open-topo-data.ts';
import { EXTRA_POINTS_PER_LEG, startOsrmStandIn } from './osrm.ts';
import type { StandIn } from './stand-in-server.ts';

let running: StandIn | undefined;
afterEach(async () => {
  await running?.close();
  running = undefined;
});

async function get(url: string): Promise<{ status: number; body: unknown }> {
  const response = await fetch(url);
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // A malformed body stays text.
  }
  return { status: response.status, body };
}

describe('OSRM stand-in', () => {
  it('answers a foot route with extra points per leg that the core schema reads, longer than the straight line', async () => {
    running = await startOsrmStandIn();
    const { status, body } = await get(
      `${running.url}/route/v1/foot/13.38,52.51;13.39,52.52;13.40,52.51?overview=full&geometries=geojson`,
    );
    expect(status).toBe(200);
    const route = parseOsrmRoute(body);
    expect(route?.line).toHaveLength(3 + 2 * EXTRA_POINTS_PER_LEG);
    expect(route?.line[0]).toEqual({ lat: 52.51, lng: 13.38 });
    expect(route?.line.at(-1)).toEqual({ lat: 52.51, lng: 13.4 });
    expect(route?.distance).toBeCloseTo(polylineDistance(route?.line ?? []), 3);
    const straight = polylineDistance([
      { lat: 52.51, lng: 13.38 },
      { lat: 52.52, lng: 13.39 },
      { lat: 52.51, lng: 13.4 },
    ]);
    expect(route?.distance).toBeGreaterThan(straight);
    expect(running.requests).toEqual([
      '/route/v1/foot/13.38,52.51;13.39,52.52;13.40,52.51?overview=full&geometries=geojson',
    ]);
  });

  it('refuses a bad coordinate list with an OSRM error body and injects 500, slow and malformed answers', async () => {
    running = await startOsrmStandIn();
    const bad = await get(`${running.url}/route/v1/foot/13.38,52.51`);
    expect(bad).toEqual({
      status: 400,
      body: { code: 'InvalidQuery', message: 'Query string malformed close to position 0' },
    });
    const url = `${running.url}/route/v1/foot/1,1;2,2`;
    running.faults.error = { count: 1, status: 500 };
    expect((await get(url)).status).toBe(500);
    running.faults.malformed = { count: 1 };
    const malformed = await get(url);
    expect(parseOsrmRoute(malformed.body)).toBeNull();
    running.faults.slow = { count: 1, ms: 300 };
    const started = performance.now();
    expect(parseOsrmRoute((await get(url)).body)).not.toBeNull();
    expect(performance.now() - started).toBeGreaterThanOrEqual(290);
    expect(running.requests).toHaveLength(4);
  });
});

describe('a stand-in’s faults', () => {
  it('belong to the request that arrived while they were set: a slow answer never takes a later one', async () => {
    running = await startOsrmStandIn();
    const url = `${running.url}/route/v1/foot/1,1;2,2`;
    running.faults.slow = { count: 1, ms: 300 };
    const slow = get(url);
    await expect.poll(() => running?.requests.length).toBe(1);
    running.faults.error = { count: 1, status: 500 };
    expect((await slow).status).toBe(200);
    expect((await get(url)).status).toBe(500);
  });
});

describe('Open-Topo-Data stand-in', () => {
  it('answers elevations for a batch of sampled points in request order, and refuses more than 100', async () => {
    running = await startOpenTopoDataStandIn();
    const samples = sampleLine([
      { lat: 46.5, lng: 7.9 },
      { lat: 46.52, lng: 7.92 },
    ]);
    const [first] = batches(samples);
    const locations = (first ?? []).map((s) => `${s.lat},${s.lng}`).join('|');
    const { status, body } = await get(`${running.url}/v1/srtm30m?locations=${locations}`);
    expect(status).toBe(200);
    expect(parseElevationResponse(body, first?.length ?? 0)).toEqual(
      (first ?? []).map((s) => standInElevation(s.lat, s.lng)),
    );
    const tooMany = Array.from({ length: MAX_LOCATIONS + 1 }, () => '1,1').join('|');
    const refused = await get(`${running.url}/v1/srtm30m?locations=${tooMany}`);
    expect(refused).toEqual({
      status: 400,
      body: { status: 'INVALID_REQUEST', error: 'Too many locations provided (101), the limit is 100.' },
    });
    expect(parseElevationResponse(refused.body, 101)).toBeNull();
  });

  it('injects a 500 for the next request only', async () => {
    running = await startOpenTopoDataStandIn();
    running.faults.error = { count: 1, status: 500 };
    expect((await get(`${running.url}/v1/srtm30m?locations=1,2`)).status).toBe(500);
    expect(parseElevationResponse((await get(`${running.url}/v1/srtm30m?locations=1,2`)).body, 1)).toEqual([
      standInElevation(1, 2),
    ]);
  });
});

describe('Open-Meteo stand-in', () => {
  const now = Date.UTC(2026, 5, 1, 6, 20);

  it('answers a forecast from its clock that the core schema reads: current hour and the 13 asked for', async () => {
    running = await startOpenMeteoStandIn({ now: () => now });
    const { status, body } = await get(forecastUrl(running.url, 52.52, 13.41));
    expect(status).toBe(200);
    const forecast = forecastResponseSchema.parse(body);
    const hours = forecastHours(forecast);
    expect(hours).toHaveLength(FORECAST_FETCH_HOURS);
    expect(hours[0]?.time).toBe(Date.UTC(2026, 5, 1, 6));
    expect(forecast.current.temperature_2m).toBe(standInHour(52.52, 13.41, Date.UTC(2026, 5, 1, 6)).temperature_2m);
    expect(hours[9]).toMatchObject({ precipitation: 1.2, weatherCode: 63 });
  });

  it('answers the archive for a day and geocoding by name; a bad latitude gets Open-Meteo’s error body', async () => {
    running = await startOpenMeteoStandIn({ now: () => now });
    const archive = archiveResponseSchema.parse((await get(archiveUrl(running.url, 51.5, -0.13, '2025-03-02'))).body);
    expect(archive.hourly.time).toHaveLength(24);
    const start = Date.UTC(2025, 2, 2, 7, 40);
    expect(archiveHourAt(archive, start)?.temperature).toBe(
      standInHour(51.5, -0.13, Date.UTC(2025, 2, 2, 8)).temperature_2m,
    );
    const places = geocodingResponseSchema.parse((await get(geocodingUrl(running.url, 'berl'))).body);
    expect(places.results?.map((p) => p.name)).toEqual(['Berlin']);
    expect(
      geocodingResponseSchema.parse((await get(geocodingUrl(running.url, 'Atlantis'))).body).results,
    ).toBeUndefined();
    const bad = await get(`${running.url}/v1/forecast?latitude=91&longitude=0`);
    expect(bad.status).toBe(400);
    expect(openMeteoErrorSchema.parse(bad.body).reason).toBe('Latitude must be in range of -90 to 90°.');
  });

  it('counts requests and injects a malformed body once', async () => {
    running = await startOpenMeteoStandIn({ now: () => now });
    running.faults.malformed = { count: 1 };
    expect(forecastResponseSchema.safeParse((await get(forecastUrl(running.url, 1, 2))).body).success).toBe(false);
    expect(forecastResponseSchema.safeParse((await get(forecastUrl(running.url, 1, 2))).body).success).toBe(true);
    expect(running.requests).toHaveLength(2);
  });
});
