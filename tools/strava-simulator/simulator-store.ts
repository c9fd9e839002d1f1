/**
 * The simulator's world: athletes, their activities and the tokens Strava issued, with the
 * operations tests use to change it. Every endpoint module reads and writes this one store.
 */
import {
  generateActivity,
  generateAthlete,
  generateHistory,
  type SimActivity,
  type SimAthlete,
} from './generate-activities.ts';
import { createRandom } from './seeded-random.ts';
import { token } from './simulator-http.ts';
import { noFaults, type SimulatorState, type StravaSimulatorOptions, type TokenPair } from './simulator-types.ts';

export function createSimulatorStore(options: StravaSimulatorOptions) {
  const now = options.now ?? (() => Date.now());
  const random = createRandom(options.seed ?? 42);
  const clientId = options.clientId ?? '12345';
  // 40 hex digits, the shape of a real Strava client secret.
  const clientSecret = options.clientSecret ?? '5f1e0c2a9b8d7e6f5a4b3c2d1e0f9a8b7c6d5e4f';
  const accessLifetime = options.accessTokenLifetimeSeconds ?? 21600;
  const refreshLifetime = options.refreshTokenLifetimeSeconds ?? 180 * 86400;
  let nextAthleteId = 1000001;
  let nextActivityId = 12000000001;

  const state: SimulatorState = {
    athletes: new Map(),
    activities: new Map(),
    signedInAthleteId: null,
    accessTokens: new Map(),
    refreshTokens: new Map(),
    codes: new Map(),
    subscription: null,
    faults: noFaults(),
    requests: [],
    usage: { shortTerm: 0, daily: 0, shortWindow: 0, dayWindow: 0 },
  };

  const seconds = (): number => Math.floor(now() / 1000);

  function addAthlete(addOptions: { activities?: number; signIn?: boolean } = {}): SimAthlete {
    const athlete = generateAthlete(random, nextAthleteId, now());
    nextAthleteId += 1;
    state.athletes.set(athlete.id, athlete);
    for (const activity of generateHistory(
      random,
      athlete,
      addOptions.activities ?? 0,
      now(),
      () => nextActivityId++,
    )) {
      state.activities.set(activity.id, activity);
    }
    if (addOptions.signIn ?? state.signedInAthleteId === null) {
      state.signedInAthleteId = athlete.id;
    }
    return athlete;
  }

  function addActivity(athleteId: number, changes: Partial<SimActivity> = {}): SimActivity {
    const athlete = state.athletes.get(athleteId);
    if (!athlete) {
      throw new Error(`No simulated athlete ${athleteId}`);
    }
    const startMs = changes.startMs ?? Math.floor(now() / 1000) * 1000 - 2 * 3600_000;
    const generated = generateActivity(random, athlete, nextActivityId, {
      startMs,
      ...(changes.sportType ? { sportType: changes.sportType } : {}),
    });
    nextActivityId += 1;
    const activity: SimActivity = { ...generated, ...changes, id: generated.id, athleteId, updatedMs: now() };
    state.activities.set(activity.id, activity);
    return activity;
  }

  function editActivity(id: number, changes: Partial<SimActivity>): SimActivity {
    const existing = state.activities.get(id);
    if (!existing) {
      throw new Error(`No simulated activity ${id}`);
    }
    const activity: SimActivity = { ...existing, ...changes, id, updatedMs: now() };
    state.activities.set(id, activity);
    return activity;
  }

  function issueTokens(athleteId: number, scope = 'read,activity:read_all,profile:read_all'): TokenPair {
    const accessToken = token();
    const refreshToken = token();
    const expiresAt = state.faults.expiredAccessTokens ? seconds() : seconds() + accessLifetime;
    const refreshExpiresAt = state.faults.expiredRefreshTokens ? seconds() - 60 : seconds() + refreshLifetime;
    state.accessTokens.set(accessToken, { athleteId, expiresAt, scope });
    state.refreshTokens.set(refreshToken, { athleteId, expiresAt: refreshExpiresAt, scope });
    return {
      access_token: accessToken,
      refresh_token: refreshToken,
      expires_at: expiresAt,
      expires_in: Math.max(0, expiresAt - seconds()),
      refresh_token_expires_at: refreshExpiresAt,
    };
  }

  function revokeAthlete(athleteId: number): void {
    for (const [key, record] of state.accessTokens) {
      if (record.athleteId === athleteId) {
        state.accessTokens.delete(key);
      }
    }
    for (const [key, record] of state.refreshTokens) {
      if (record.athleteId === athleteId) {
        state.refreshTokens.delete(key);
      }
    }
  }

  return {
    options,
    state,
    now,
    seconds,
    clientId,
    clientSecret,
    addAthlete,
    addActivity,
    editActivity,
    issueTokens,
    revokeAthlete,
  };
}

export type SimulatorStore = ReturnType<typeof createSimulatorStore>;
