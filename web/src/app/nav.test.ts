import { describe, expect, it } from 'vitest';
import { NAV_ENTRIES, NAV_SUB_ENTRIES, PERSONAL_PAGE_PATH } from '../../../core/product.ts';
import { isNavEntryActive } from './nav.ts';

/** The entries a path lights up. */
function activeEntries(pathname: string): string[] {
  return NAV_ENTRIES.filter((entry) => isNavEntryActive(entry.path, pathname)).map((entry) => entry.path);
}

describe('isNavEntryActive', () => {
  it('lights the entry of its own path', () => {
    for (const entry of NAV_ENTRIES) {
      expect(activeEntries(entry.path)).toEqual([entry.path]);
    }
  });

  it('lights Dashboard on / and Medals on /water', () => {
    expect(activeEntries('/')).toEqual(['/dashboard']);
    expect(activeEntries('/water')).toEqual(['/medals']);
  });

  it('lights an entry for the paths under it, but not for paths that only start alike', () => {
    expect(activeEntries('/account/security')).toEqual(['/account']);
    expect(activeEntries(`${PERSONAL_PAGE_PATH}/2026`)).toEqual([PERSONAL_PAGE_PATH]);
    expect(activeEntries('/accounts')).toEqual([]);
  });

  it('keeps Dashboard and Medals to their exact paths', () => {
    expect(activeEntries('/dashboard/old')).toEqual([]);
    expect(activeEntries('/medals/5k-hero')).toEqual([]);
  });

  it('lights nothing on pages outside the sidebar', () => {
    expect(activeEntries('/activities')).toEqual([]);
    expect(activeEntries('/privacy')).toEqual([]);
  });
});

describe('the sub-entries under Dashboard', () => {
  const subEntries = NAV_SUB_ENTRIES['/dashboard'] ?? [];
  /** The entries and sub-entries a path lights up. */
  const lit = (pathname: string) =>
    [...NAV_ENTRIES, ...subEntries]
      .filter((entry) => isNavEntryActive(entry.path, pathname))
      .map((entry) => entry.path);

  it('are Activities and Charts, in that order', () => {
    expect(subEntries).toEqual([
      { label: 'Activities', path: '/activities' },
      { label: 'Charts', path: '/charts' },
    ]);
  });

  it('light alone on their pages (Dashboard not), an activity lighting Activities', () => {
    expect(lit('/activities')).toEqual(['/activities']);
    expect(lit('/activities/7f0c')).toEqual(['/activities']);
    expect(lit('/charts')).toEqual(['/charts']);
    expect(lit('/dashboard')).toEqual(['/dashboard']);
  });
});
