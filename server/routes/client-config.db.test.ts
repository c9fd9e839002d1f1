/**
 * GET /api/config, the map part: the light tiles and the dark ones (for a runner whose profile has
 * dark mode on) with their attributions, from MAP_TILE_URL(_DARK) and MAP_ATTRIBUTION(_DARK) or
 * their defaults, and a CSP whose img-src lets the browser load both.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '../test-support/api-client.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

interface MapSettings {
  mapTileUrl: string;
  mapAttribution: string;
  mapTileUrlDark: string;
  mapAttributionDark: string;
}

function imgSrcOf(headers: Headers): string[] {
  const csp = headers.get('content-security-policy') ?? '';
  return (/img-src ([^;]*)/.exec(csp)?.[1] ?? '').split(' ');
}

describe('GET /api/config with the default tiles', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer();
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('names OpenStreetMap tiles for the light maps and CARTO Dark Matter for the dark ones', async () => {
    const response = await createApiClient(server.url).get<MapSettings>('/api/config');
    expect(response.status).toBe(200);
    expect(response.body).toMatchObject({
      mapTileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      mapAttribution: '© OpenStreetMap contributors',
      mapTileUrlDark: 'https://{s}.basemaps.cartocdn.com/dark_all/{z}/{x}/{y}.png',
      mapAttributionDark: '© OpenStreetMap contributors © CARTO',
    });
  });

  it('lets the pages load images from both tile servers and no other site', async () => {
    const response = await createApiClient(server.url).get('/api/config');
    const imgSrc = imgSrcOf(response.headers);
    expect(imgSrc).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tile.openstreetmap.org',
      'https://*.basemaps.cartocdn.com',
    ]);
  });
});

describe('GET /api/config with tiles of its own', () => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({
      mapTileUrl: 'https://tiles.example.org/light/{z}/{x}/{y}.png',
      mapAttribution: '© Example light',
      mapTileUrlDark: 'https://dark.example.org/{z}/{x}/{y}.png',
      mapAttributionDark: '© Example dark',
    });
  });

  afterAll(async () => {
    await server?.stop();
  });

  it('hands the configured light and dark tiles to the web app', async () => {
    const response = await createApiClient(server.url).get<MapSettings>('/api/config');
    expect(response.body).toMatchObject({
      mapTileUrl: 'https://tiles.example.org/light/{z}/{x}/{y}.png',
      mapAttribution: '© Example light',
      mapTileUrlDark: 'https://dark.example.org/{z}/{x}/{y}.png',
      mapAttributionDark: '© Example dark',
    });
    expect(imgSrcOf(response.headers)).toEqual([
      "'self'",
      'data:',
      'blob:',
      'https://tiles.example.org',
      'https://dark.example.org',
    ]);
  });
});
