import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import type { Profile } from '../../../core/profile.ts';
import { METRES_PER_KILOMETRE, METRES_PER_MILE } from '../../../core/units.ts';
import { metresPerUnit } from '../../../core/units.ts';
import { unitsOf } from './units.ts';
import { PROFILE_QUERY_KEY, SESSION_QUERY_KEY } from './query-keys.ts';
import { useUnits } from './use-units.ts';

const profileIn = (unitSystem: 'imperial' | 'metric') => ({ preferences: { unitSystem } }) as Profile;

/** What useUnits answers for a cache holding this session and profile (the first render reads the cache). */
function unitsRendered(session: unknown, profile?: Profile): unknown {
  const queryClient = new QueryClient();
  queryClient.setQueryData(SESSION_QUERY_KEY, session);
  if (profile) {
    queryClient.setQueryData(PROFILE_QUERY_KEY, profile);
  }
  function Probe() {
    return JSON.stringify(useUnits());
  }
  const html = renderToString(createElement(QueryClientProvider, { client: queryClient }, createElement(Probe)));
  queryClient.clear();
  return JSON.parse(html.replaceAll('&quot;', '"'));
}

describe('the runner units', () => {
  it('are metres in one mile or one kilometre, as core counts them', () => {
    expect(metresPerUnit('imperial')).toBe(METRES_PER_MILE);
    expect(metresPerUnit('metric')).toBe(METRES_PER_KILOMETRE);
  });

  it("follow the profile's unit system, imperial without a profile (spec §3 default)", () => {
    expect(unitsOf(profileIn('metric'))).toEqual({ units: 'metric', metresPerUnit: 1000 });
    expect(unitsOf(profileIn('imperial'))).toEqual({ units: 'imperial', metresPerUnit: 1609.34 });
    expect(unitsOf(undefined)).toEqual({ units: 'imperial', metresPerUnit: 1609.34 });
  });

  it("useUnits reads a signed-in runner's profile", () => {
    const user = { id: 'u1', name: 'Ada', email: 'ada@example.com' };
    expect(unitsRendered(user, profileIn('metric'))).toEqual({ units: 'metric', metresPerUnit: 1000, pending: false });
  });

  it('useUnits gives a visitor imperial units, settled (the planner and the calculators are public)', () => {
    expect(unitsRendered(null, profileIn('metric'))).toEqual({
      units: 'imperial',
      metresPerUnit: 1609.34,
      pending: false,
    });
  });

  it('useUnits is pending while a signed-in runner has no profile yet', () => {
    const user = { id: 'u1', name: 'Ada', email: 'ada@example.com' };
    expect(unitsRendered(user)).toEqual({ units: 'imperial', metresPerUnit: 1609.34, pending: true });
  });
});
