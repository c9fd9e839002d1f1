/**
 * What sends a text message (the phone sign-in's one-time codes): Twilio over HTTP (twilio-sms.ts)
 * or, on a development server without SMS_* settings, the log; sms-sender.ts chooses a server's.
 */
export interface SmsSender {
  /** Whether messages leave the server; false: they go to the log only (development). */
  readonly sendsSms: boolean;
  /** Sends `body` to `to` (E.164); rejects when the provider refuses it or cannot be reached. */
  send(to: string, body: string): Promise<void>;
}
