import { formatClock } from '../lib/format.ts';

/**
 * The reminder field's hint: the chosen time as the reader's locale writes it, the way the time
 * field itself shows it ("08:00" in en-GB, "8:00 AM" in en-US), never a fixed HH:MM pattern.
 */
export function reminderHint(reminderTime: string): string {
  return /^\d{2}:\d{2}$/.test(reminderTime)
    ? `Reminds you at ${formatClock(reminderTime)}, your local time.`
    : 'Your local time.';
}
