/**
 * Riegel's endurance model (P. S. Riegel, "Athletic Records and Human Endurance", American
 * Scientist 69, 1981): T2 = T1 × (D2 / D1)^k, with k = 1.06 for running by default.
 */

export const RIEGEL_DEFAULT_EXPONENT = 1.06;
/** The exponents the calculators accept: below 1 a longer race would be run faster. */
export const RIEGEL_EXPONENT_RANGE = { min: 1, max: 1.2 } as const;

/** Predicted seconds for `toMetres` from a result of `seconds` over `fromMetres`. */
export function riegelTime(
  seconds: number,
  fromMetres: number,
  toMetres: number,
  exponent: number = RIEGEL_DEFAULT_EXPONENT,
): number {
  return seconds * (toMetres / fromMetres) ** exponent;
}
