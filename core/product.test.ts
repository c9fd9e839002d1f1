import { describe, expect, it } from 'vitest';
import {
  APP_LOAD_FAILSAFE_MS,
  CHUNK_LOAD_TIMEOUT_MS,
  DRAWER_WIDTH_PX,
  FALLBACK_PAGE_TITLE,
  FITNESS_CALLBACK_PATHS,
  GREETING_FALLBACK,
  GUARDED_LAYOUT_PATHS,
  LOADING_OVERLAY_TEXT,
  LOGOUT_NAVIGATION_DELAY_MS,
  NAV_ENTRIES,
  OPEN_LAYOUT_PATHS,
  PAGE_TITLES,
  pageTitleForPath,
  PERSONAL_PAGE_LABEL,
  PERSONAL_PAGE_PATH,
  PRODUCT_NAME,
  PUBLIC_PATHS,
  TAGLINE,
} from './product.ts';

/** Spec §2 "Page titles tracked per path", row by row. */
const TITLE_TABLE: ReadonlyArray<[string, string]> = [
  ['/', 'Dashboard'],
  ['/calculators', 'Distance & Time Calculators'],
  ['/water', 'Water Bottles (Trophy Case)'],
  ['/account', 'Account Settings'],
  ['/run-planner', 'Run Planner'],
  ['/training-goals', 'Goals & Training'],
  ['/login', 'Login'],
  ['/register', 'Register'],
  ['/privacy-policy', 'Privacy Policy'],
  ['/terms-of-service', 'Terms of Service'],
  ['/data-deletion-policy', 'Data Deletion Policy'],
];

describe('product identity (DESIGN.md placeholders)', () => {
  it('names the product Stride with the spec tagline and texts', () => {
    expect(PRODUCT_NAME).toBe('Stride');
    expect(TAGLINE).toBe('Personalized Running Hub');
    expect(GREETING_FALLBACK).toBe('Runner');
    expect(LOADING_OVERLAY_TEXT).toBe('Loading Stride...');
    expect(FALLBACK_PAGE_TITLE).toBe('Stride Running Hub');
    expect(PERSONAL_PAGE_PATH).toBe('/my-stride');
    expect(PERSONAL_PAGE_LABEL).toBe('My Stride');
  });

  it('keeps the spec §9 shell constants', () => {
    expect(DRAWER_WIDTH_PX).toBe(280);
    expect(APP_LOAD_FAILSAFE_MS).toBe(2000);
    expect(CHUNK_LOAD_TIMEOUT_MS).toBe(120_000);
    expect(LOGOUT_NAVIGATION_DELAY_MS).toBe(100);
  });
});

describe('pageTitleForPath', () => {
  it('has exactly the rows of the spec table', () => {
    expect(PAGE_TITLES).toEqual(Object.fromEntries(TITLE_TABLE));
  });

  it.each(TITLE_TABLE)('titles %s "%s"', (path, title) => {
    expect(pageTitleForPath(path)).toBe(title);
  });

  it.each(TITLE_TABLE.filter(([path]) => path !== '/'))('ignores a trailing slash on %s', (path, title) => {
    expect(pageTitleForPath(`${path}/`)).toBe(title);
    expect(pageTitleForPath(`${path}//`)).toBe(title);
  });

  it.each([
    '/dashboard',
    '/dashboard/',
    '/charts',
    '/medals',
    '/my-stride',
    '/success',
    '/strava/callback',
    '/debug/prime-weather',
    '/ada-lovelace',
    '/login/extra',
    '/calculator',
    '/water-bottles',
    '',
  ])('falls back to "Stride Running Hub" for %s', (path) => {
    expect(pageTitleForPath(path)).toBe('Stride Running Hub');
  });

  it('compares paths exactly: a different letter case is another path', () => {
    expect(pageTitleForPath('/Login')).toBe('Stride Running Hub');
  });
});

describe('NAV_ENTRIES', () => {
  it('lists the sidebar entries of spec §2 in order, "My Stride" first', () => {
    expect(NAV_ENTRIES).toEqual([
      { label: 'My Stride', path: '/my-stride' },
      { label: 'Dashboard', path: '/dashboard' },
      { label: 'Training & Goals', path: '/training-goals' },
      { label: 'Route Planner', path: '/run-planner' },
      { label: 'Pace Calculators', path: '/calculators' },
      { label: 'Medals', path: '/medals' },
      { label: 'Account', path: '/account' },
    ]);
  });
});

describe('route lists (spec §2)', () => {
  it('has the public routes', () => {
    expect([...PUBLIC_PATHS]).toEqual([
      '/login',
      '/register',
      '/privacy-policy',
      '/terms-of-service',
      '/data-deletion-policy',
      '/success',
    ]);
  });

  it('guards the sidebar routes except the run planner and calculators', () => {
    expect([...GUARDED_LAYOUT_PATHS]).toEqual([
      '/',
      '/dashboard',
      '/training-goals',
      '/charts',
      '/medals',
      '/water',
      '/account',
      '/my-stride',
      '/debug/prime-weather',
    ]);
    expect([...OPEN_LAYOUT_PATHS]).toEqual(['/run-planner', '/calculators']);
  });

  it('has both fitness-service callback routes', () => {
    expect([...FITNESS_CALLBACK_PATHS]).toEqual(['/strava/callback', '/strava-callback']);
  });

  it('puts every nav entry on a layout route', () => {
    const layoutPaths: readonly string[] = [...GUARDED_LAYOUT_PATHS, ...OPEN_LAYOUT_PATHS];
    for (const entry of NAV_ENTRIES) {
      expect(layoutPaths).toContain(entry.path);
    }
  });
});
