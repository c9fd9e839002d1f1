/**
 * Bounds on what Stride derives from one activity. A file may claim any distance (a device
 * distance of 10,000,000,000 m, points that jump between the poles every second), and nothing
 * derived from it may grow with that claim: every list computed per kilometre, per mile or per lap
 * stops at the bound below, so work and memory follow the size of the file, never what it claims.
 * Activities that reach these bounds are also flagged as implausible (plausibility.ts).
 */

/**
 * At most this many splits per unit system: 1,000 km or 1,000 mi. No single human-powered
 * activity comes near (the longest one-stage races, such as Paris–Brest–Paris at 1,200 km, are
 * ridden over days and still under 1,000 mi). A longer track gets its first MAX_SPLITS splits and
 * no more.
 */
export const MAX_SPLITS = 1000;

/**
 * At most this many laps are kept from a file. An auto-lap every kilometre of a 100-mile race is
 * 161; a track session of 400 m repeats a few dozen. Laps past the bound are not described.
 */
export const MAX_LAPS = 1000;

/** At most this many of a Strava activity's segment efforts are kept (a long ride crosses a few hundred). */
export const MAX_SEGMENT_EFFORTS = 1000;
