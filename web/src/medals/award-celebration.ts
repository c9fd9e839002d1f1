/**
 * Which awards the celebration toast shows. The medal check's answer and the live event about the
 * same award both arrive, so an award (medal, time and value) is celebrated once; medals arriving
 * while the toast is open join it, otherwise they start a new one.
 */
import type { MedalCard } from '../../../core/medals/api.ts';

export interface Celebration {
  medals: MedalCard[];
  open: boolean;
}

export const NO_CELEBRATION: Celebration = { medals: [], open: false };

export function awardKey(medal: MedalCard): string {
  return `${medal.medalId}|${medal.earnedAt ?? ''}|${medal.value ?? ''}`;
}

/** The awards not celebrated yet (once each, even within one list); they are marked as celebrated. */
export function takeFreshAwards(celebrated: Set<string>, medals: readonly MedalCard[]): MedalCard[] {
  const fresh: MedalCard[] = [];
  for (const medal of medals) {
    const key = awardKey(medal);
    if (!celebrated.has(key)) {
      celebrated.add(key);
      fresh.push(medal);
    }
  }
  return fresh;
}

/** The toast after `fresh` awards arrive: they join an open toast, or open a new one. */
export function addToCelebration(current: Celebration, fresh: readonly MedalCard[]): Celebration {
  if (fresh.length === 0) {
    return current;
  }
  return { open: true, medals: current.open ? [...current.medals, ...fresh] : [...fresh] };
}
