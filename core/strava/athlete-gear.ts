/**
 * The athlete's shoes and bikes as Strava lists them (GET /athlete: `shoes` and `bikes`, each a
 * summary gear with id, name, distance and retired), as Stride gear (core/gear.ts): the name kept
 * as Strava writes it (cut to Stride's length), linked by Strava's gear id. Entries without an id
 * are left out; a nameless one is called by its kind.
 */
import { normaliseUserText } from '../user-text.ts';
import { GEAR_LIMITS, type GearKind } from '../gear.ts';

export interface StravaGear {
  stravaGearId: string;
  kind: Extract<GearKind, 'shoe' | 'bike'>;
  name: string;
  retired: boolean;
}

/** What a nameless Strava gear is called. */
export const STRAVA_GEAR_FALLBACK_NAMES = { shoe: 'Strava shoes', bike: 'Strava bike' } as const;

/** Strava's ids are short ("g12345", "b67890"); anything longer is not one. */
const STRAVA_GEAR_ID_MAX = 64;

function listOf(athlete: Record<string, unknown>, key: string): Record<string, unknown>[] {
  const value = athlete[key];
  return Array.isArray(value)
    ? value.filter((entry): entry is Record<string, unknown> => typeof entry === 'object' && entry !== null)
    : [];
}

export function stravaAthleteGear(athlete: Record<string, unknown>): StravaGear[] {
  const found = new Map<string, StravaGear>();
  for (const [key, kind] of [
    ['shoes', 'shoe'],
    ['bikes', 'bike'],
  ] as const) {
    for (const entry of listOf(athlete, key)) {
      const id = typeof entry.id === 'string' ? entry.id.trim() : typeof entry.id === 'number' ? String(entry.id) : '';
      if (id === '' || id.length > STRAVA_GEAR_ID_MAX || found.has(id)) {
        continue;
      }
      const written = typeof entry.name === 'string' ? normaliseUserText(entry.name) : '';
      const name = [...written].slice(0, GEAR_LIMITS.name).join('').trim() || STRAVA_GEAR_FALLBACK_NAMES[kind];
      found.set(id, { stravaGearId: id, kind, name, retired: entry.retired === true });
    }
  }
  return [...found.values()];
}
