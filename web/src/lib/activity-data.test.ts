import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { ACTIVITY_DATA_OUTSIDE_PROVIDER } from '../../../core/strava/data-state.ts';
import { ActivityDataContext, useActivityData, type ActivityData } from './activity-data.ts';

function Probe() {
  const { activities, status } = useActivityData();
  return `${activities.length} activities, initialised: ${String(status.initialised)}`;
}

describe('useActivityData', () => {
  it('throws the spec §8 sentence outside its provider', () => {
    expect(ACTIVITY_DATA_OUTSIDE_PROVIDER).toBe('useActivityData must be used within an ActivityDataProvider');
    expect(() => renderToString(createElement(Probe))).toThrow(ACTIVITY_DATA_OUTSIDE_PROVIDER);
  });

  it('reads what the app shell provides', () => {
    const value = {
      activities: [],
      status: { initialised: true },
      filters: { type: null, from: null, to: null },
      refresh: () => undefined,
      setFilter: () => undefined,
      clearFilters: () => undefined,
    } as unknown as ActivityData;
    const html = renderToString(createElement(ActivityDataContext.Provider, { value }, createElement(Probe)));
    expect(html).toBe('0 activities, initialised: true');
  });
});
