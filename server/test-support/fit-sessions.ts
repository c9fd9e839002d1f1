/**
 * A FIT file's own summary, read with the Garmin FIT SDK straight from its session messages: what
 * the device says, for tests to compare Stride's figures with.
 */
import { Decoder, Stream } from '@garmin/fitsdk';

export function fitSessionSummary(bytes: Uint8Array) {
  const { messages } = new Decoder(Stream.fromByteArray(bytes)).read();
  const sessions = messages.sessionMesgs ?? [];
  const sum = (field: 'totalDistance' | 'totalTimerTime' | 'totalElapsedTime') =>
    sessions.reduce((total, session) => total + Number(session[field] ?? 0), 0);
  return {
    distance: sum('totalDistance'),
    timerTime: sum('totalTimerTime'),
    elapsedTime: sum('totalElapsedTime'),
    /** The highest session enhanced_max_speed in m/s, or undefined. */
    maxSpeed: sessions.reduce<number | undefined>(
      (max, session) =>
        typeof session.enhancedMaxSpeed === 'number' ? Math.max(max ?? 0, session.enhancedMaxSpeed) : max,
      undefined,
    ),
    sport: sessions[0]?.sport,
    start: (sessions[0]?.startTime as Date | undefined)?.toISOString(),
  };
}
