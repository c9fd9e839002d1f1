import { describe, expect, it } from 'vitest';
import { FALLBACK_PAGE_TITLE } from './product.ts';
import { pageViewPattern, PAGE_VIEW_PATTERNS, screenTitle } from './page-views.ts';
import { pageViewBatchSchema } from './page-view-schemas.ts';

describe('pageViewPattern', () => {
  it.each([
    ['/', '/'],
    ['/calculators', '/calculators'],
    ['/calculators/', '/calculators'],
    ['/my-stride', '/my-stride'],
    ['/activities', '/activities'],
    ['/activities/123', '/activities/:id'],
    ['/activities/abc-def/', '/activities/:id'],
    ['/strava/callback', '/strava/callback'],
    ['/ada-runs', '/:username'],
  ])('names %s by its route pattern %s (never an id or a username)', (path, pattern) => {
    expect(pageViewPattern(path)).toBe(pattern);
  });

  it('is null for a path of several segments no route names', () => {
    expect(pageViewPattern('/a/b/c')).toBeNull();
    expect(pageViewPattern('/activities/1/edit')).toBeNull();
  });

  it('only ever answers a pattern the server takes', () => {
    for (const path of ['/', '/water', '/activities/9', '/someone', '/success']) {
      expect(pageViewBatchSchema.safeParse({ views: [pageViewPattern(path)] }).success).toBe(true);
    }
  });
});

describe('screenTitle', () => {
  it('uses the spec §2 page title, then the sidebar label, then Stride’s own name', () => {
    expect(screenTitle('/')).toBe('Dashboard');
    expect(screenTitle('/calculators')).toBe('Distance & Time Calculators');
    expect(screenTitle('/water')).toBe('Water Bottles (Trophy Case)');
    expect(screenTitle('/my-stride')).toBe('My Stride');
    expect(screenTitle('/medals')).toBe('Medals');
    expect(screenTitle('/activities/:id')).toBe('Activity');
    expect(screenTitle('/:username')).toBe('Public profiles');
  });

  it('falls back to the spec’s "Stride Running Hub" for a screen without a name', () => {
    expect(PAGE_VIEW_PATTERNS).toContain('/debug/prime-weather');
    expect(screenTitle('/debug/prime-weather')).toBe(FALLBACK_PAGE_TITLE);
  });
});
