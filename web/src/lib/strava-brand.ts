/**
 * Strava's brand colour. Strava's brand guidelines ask apps to use it for "Connect with Strava"
 * and for marking Strava data, and never to present Stride's own colours as Strava's.
 */
export const STRAVA_ORANGE = '#FC5200';
/** The text on Strava's orange, as Strava's own buttons have it. */
export const STRAVA_ON_ORANGE = '#ffffff';
/** A darker shade for hover, keeping white text above WCAG AA contrast. */
export const STRAVA_ORANGE_DARK = '#D94600';
