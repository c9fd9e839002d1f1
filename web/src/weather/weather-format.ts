/** How the weather screens write hours: the runner's clock in the reader's locale ("14:00" en-GB). */
import { formatDateTime as formatInstant, formatTime } from '../lib/format.ts';

export function formatHour(ms: number): string {
  return formatTime(ms);
}

export function formatDateTime(ms: number): string {
  return formatInstant(ms);
}
