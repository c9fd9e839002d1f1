/** Structured JSON logs (pino). */
import pino, { type Logger } from 'pino';

export function createLogger(level: string): Logger {
  return pino({ level, base: { app: 'stride' }, timestamp: pino.stdTimeFunctions.isoTime });
}
