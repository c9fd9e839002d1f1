/**
 * Time as Strava writes it: a zone's UTC offset at an instant, the local hour, the
 * "(GMT-08:00) America/Los_Angeles" timezone text and dates in ISO 8601 without milliseconds.
 */

const offsetFormats = new Map<string, Intl.DateTimeFormat>();

/** Offset of the zone from UTC at that instant, in seconds (e.g. 3600 for Berlin in winter). */
export function utcOffsetSeconds(instantMs: number, timeZone: string): number {
  let format = offsetFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' });
    offsetFormats.set(timeZone, format);
  }
  const text = format.formatToParts(new Date(instantMs)).find((part) => part.type === 'timeZoneName')?.value ?? 'GMT';
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(text);
  if (!match) {
    return 0;
  }
  const sign = match[1] === '-' ? -1 : 1;
  return sign * (Number(match[2]) * 3600 + Number(match[3]) * 60);
}

export function localHourOf(instantMs: number, timeZone: string): number {
  return new Date(instantMs + utcOffsetSeconds(instantMs, timeZone) * 1000).getUTCHours();
}

/** Strava's timezone text, e.g. "(GMT-08:00) America/Los_Angeles". */
export function stravaTimezone(instantMs: number, timeZone: string): string {
  const offset = utcOffsetSeconds(instantMs, timeZone);
  const sign = offset < 0 ? '-' : '+';
  const abs = Math.abs(offset);
  const hours = String(Math.floor(abs / 3600)).padStart(2, '0');
  const minutes = String(Math.floor((abs % 3600) / 60)).padStart(2, '0');
  return `(GMT${sign}${hours}:${minutes}) ${timeZone}`;
}

/** Strava's date format: ISO 8601 without milliseconds, always suffixed "Z" (even for start_date_local). */
export function stravaDate(instantMs: number): string {
  return new Date(instantMs).toISOString().replace(/\.\d{3}Z$/, 'Z');
}
