/**
 * Twilio's Programmable Messaging API over real HTTP: POST {SMS_API_URL}/2010-04-01/Accounts/{sid}/
 * Messages.json with the form fields To, From (or MessagingServiceSid for an MG… sender) and Body,
 * authenticated with the Account SID and Auth Token. A 201 is a message accepted; anything else
 * (Twilio's error body names a code), a timeout or a refused connection rejects.
 */
import type { Logger } from 'pino';
import { timeoutSignal, type Clock } from '../../clock.ts';
import type { SmsConfig } from '../../config.ts';
import { readCappedJson } from '../upstream-body.ts';
import type { SmsSender } from './sms.ts';

/** Twilio's answers are a few hundred bytes; more is not read. */
const ANSWER_MAX_BYTES = 64 * 1024;

export class SmsProviderError extends Error {
  constructor(
    message: string,
    readonly status: number | null,
  ) {
    super(message);
    this.name = 'SmsProviderError';
  }
}

export function createTwilioSms(config: SmsConfig, logger: Logger, clock: Clock): SmsSender {
  const url = `${config.apiUrl}/2010-04-01/Accounts/${encodeURIComponent(config.accountSid)}/Messages.json`;
  const authorization = `Basic ${Buffer.from(`${config.accountSid}:${config.authToken}`).toString('base64')}`;
  const sender = /^MG[0-9a-f]{32}$/i.test(config.from) ? 'MessagingServiceSid' : 'From';
  return {
    sendsSms: true,
    async send(to, body) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: 'POST',
          signal: timeoutSignal(clock, config.timeoutMs),
          headers: {
            authorization,
            accept: 'application/json',
            'content-type': 'application/x-www-form-urlencoded',
          },
          body: new URLSearchParams({ To: to, [sender]: config.from, Body: body }).toString(),
        });
      } catch (error) {
        const timedOut = error instanceof Error && (error.name === 'TimeoutError' || error.name === 'AbortError');
        logger.warn({ timeoutMs: config.timeoutMs }, timedOut ? 'SMS provider timed out' : 'SMS provider unreachable');
        throw new SmsProviderError(timedOut ? 'timeout' : 'unreachable', null);
      }
      const answer = (await readCappedJson(response, ANSWER_MAX_BYTES).catch(() => null)) as {
        code?: unknown;
        sid?: unknown;
      } | null;
      if (response.status !== 201) {
        logger.warn({ status: response.status, code: answer?.code }, 'SMS provider refused the message');
        throw new SmsProviderError(`status ${response.status}`, response.status);
      }
      logger.info({ sid: answer?.sid }, 'text message sent');
    },
  };
}
