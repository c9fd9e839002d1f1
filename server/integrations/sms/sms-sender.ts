/**
 * Text messages (the phone sign-in's one-time codes): one interface (sms.ts), one real implementation
 * over HTTP (Twilio's Messages API, twilio-sms.ts). Without SMS_* settings a development server writes
 * each message to the log instead, so a developer can sign in by phone from the console; any other
 * server without them sends none, and phone sign-in is not offered.
 */
import type { Logger } from 'pino';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { SmsSender } from './sms.ts';
import { createTwilioSms } from './twilio-sms.ts';

/** The sender this server uses, or null when it sends no text messages at all. */
export function createSmsSender(config: Config, logger: Logger, clock: Clock): SmsSender | null {
  if (config.sms !== null) {
    return createTwilioSms(config.sms, logger, clock);
  }
  if (config.env !== 'development') {
    return null;
  }
  return {
    sendsSms: false,
    send(to, body) {
      logger.info({ sms: { to, body } }, 'text message not sent (no SMS_* settings); its text follows');
      return Promise.resolve();
    },
  };
}
