/**
 * Strava's read API (developers.strava.com/docs/reference) behind a bearer token: the athlete,
 * the athlete's activities page by page (newest first, before/after in epoch seconds), one
 * activity's detail and its streams. Another athlete's activity is "Record Not Found".
 */
import type { IncomingMessage } from 'node:http';
import type { SimActivity } from './generate-activities.ts';
import type { EndpointResult } from './oauth-endpoints.ts';
import { fault, HttpError } from './simulator-http.ts';
import type { SimulatorStore } from './simulator-store.ts';
import type { AccessTokenRecord } from './simulator-types.ts';
import { STREAM_KEYS, type StravaJson, type StreamKey } from './strava-json.ts';

export function createApiEndpoints(store: Pick<SimulatorStore, 'state' | 'seconds'>, json: StravaJson) {
  const { state, seconds } = store;
  const { athleteJson, summaryActivityJson, detailedActivityJson, streamsJson } = json;

  function authenticate(request: IncomingMessage): AccessTokenRecord {
    const header = request.headers.authorization ?? '';
    const match = /^Bearer\s+(\S+)$/i.exec(header);
    const record = match?.[1] ? state.accessTokens.get(match[1]) : undefined;
    if (!record || record.expiresAt <= seconds() || state.faults.expiredAccessTokens) {
      throw new HttpError(401, fault('Athlete', 'access_token', 'invalid', 'Authorization Error'));
    }
    return record;
  }

  function ownedActivity(id: string, athleteId: number): SimActivity {
    const activity = state.activities.get(Number(id));
    if (!activity || activity.athleteId !== athleteId) {
      throw new HttpError(404, fault('Activity', 'id', 'invalid', 'Record Not Found'));
    }
    return activity;
  }

  /** Answers a GET under /api/v3 (other than push subscriptions). */
  function route(path: string, query: URLSearchParams, request: IncomingMessage): EndpointResult {
    const auth = authenticate(request);
    if (path === '/api/v3/athlete') {
      const athlete = state.athletes.get(auth.athleteId);
      return { status: 200, json: athlete ? athleteJson(athlete, true) : {} };
    }
    if (path === '/api/v3/athlete/activities') {
      const page = Math.max(1, Number(query.get('page') ?? '1') || 1);
      const perPage = Math.min(200, Math.max(1, Number(query.get('per_page') ?? '30') || 30));
      const before = query.get('before');
      const after = query.get('after');
      // Strava rejects an `after` in the future, which is what a client sending milliseconds gets.
      if (after !== null && Number(after) > seconds()) {
        throw new HttpError(400, fault('Application', 'after', 'future'));
      }
      const list = [...state.activities.values()]
        .filter((activity) => activity.athleteId === auth.athleteId)
        .filter((activity) => before === null || activity.startMs / 1000 < Number(before))
        .filter((activity) => after === null || activity.startMs / 1000 > Number(after))
        .sort((a, b) => b.startMs - a.startMs || b.id - a.id);
      const slice = list.slice((page - 1) * perPage, page * perPage);
      return { status: 200, json: slice.map(summaryActivityJson) };
    }
    const activityMatch = /^\/api\/v3\/activities\/(\d+)$/.exec(path);
    if (activityMatch?.[1]) {
      return { status: 200, json: detailedActivityJson(ownedActivity(activityMatch[1], auth.athleteId)) };
    }
    const streamsMatch = /^\/api\/v3\/activities\/(\d+)\/streams$/.exec(path);
    if (streamsMatch?.[1]) {
      const activity = ownedActivity(streamsMatch[1], auth.athleteId);
      const keys = (query.get('keys') ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key): key is StreamKey => (STREAM_KEYS as readonly string[]).includes(key));
      const json = streamsJson(activity, keys, query.get('key_by_type') === 'true');
      return { status: 200, json: withStreamValueFault(json, state.faults.streamValue) };
    }
    throw new HttpError(404, fault('resource', 'path', 'invalid', 'Record Not Found'));
  }

  return { route };
}

/** The streamValue fault: every value of one stream replaced (keyed by type, or a list of streams). */
function withStreamValueFault(json: unknown, streamValue: { key: string; value: number } | null): unknown {
  if (!streamValue) {
    return json;
  }
  const replace = (stream: unknown, key: unknown) => {
    const entry = stream as { data?: unknown[] };
    if (key === streamValue.key && Array.isArray(entry.data)) {
      entry.data = entry.data.map(() => streamValue.value);
    }
  };
  if (Array.isArray(json)) {
    json.forEach((stream) => replace(stream, (stream as { type?: unknown }).type));
  } else {
    Object.entries(json as Record<string, unknown>).forEach(([key, stream]) => replace(stream, key));
  }
  return json;
}
