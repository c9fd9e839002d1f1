/** The runner's unit system (spec §9): imperial (miles, feet) by default, or metric (kilometres, metres). */
export const UNIT_SYSTEMS = ['imperial', 'metric'] as const;
export type UnitSystem = (typeof UNIT_SYSTEMS)[number];
/** Spec §9: default unit system. */
export const DEFAULT_UNIT_SYSTEM: UnitSystem = 'imperial';
