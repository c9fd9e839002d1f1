import { describe, expect, it } from 'vitest';
import { safeRedirect } from './safe-redirect.ts';

describe('safeRedirect', () => {
  it('follows a same-site path after sign-in', () => {
    expect(safeRedirect('/activities?page=2#top')).toBe('/activities?page=2#top');
  });

  it('goes to the dashboard (or the fallback) for anything that is not a same-site path', () => {
    expect(safeRedirect(null)).toBe('/dashboard');
    expect(safeRedirect('')).toBe('/dashboard');
    expect(safeRedirect('https://evil.example/')).toBe('/dashboard');
    expect(safeRedirect('//evil.example')).toBe('/dashboard');
    expect(safeRedirect('/\\evil.example')).toBe('/dashboard');
    expect(safeRedirect('//evil.example', '/account')).toBe('/account');
  });
});
