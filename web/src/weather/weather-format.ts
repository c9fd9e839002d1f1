/** How the weather screens write hours: the reader's own clock, "14:00". */
const HOUR_FORMAT = new Intl.DateTimeFormat(undefined, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
const DATE_TIME_FORMAT = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
  hourCycle: 'h23',
});

export function formatHour(ms: number): string {
  return HOUR_FORMAT.format(ms);
}

export function formatDateTime(ms: number): string {
  return DATE_TIME_FORMAT.format(ms);
}
