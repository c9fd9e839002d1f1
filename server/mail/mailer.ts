/**
 * Outgoing mail: one SMTP transport (nodemailer) for every message Stride sends. Without SMTP_URL
 * the server sends nothing and writes each message to the log instead, links included, so a
 * developer can follow a reset or sign-in link from the console.
 */
import type { Transporter } from 'nodemailer';
import type { Logger } from 'pino';
import type { MailConfig } from '../config.ts';

export interface MailMessage {
  to: string;
  subject: string;
  /** The plain-text body, always sent. */
  text: string;
  html?: string;
  /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post). */
  headers?: Readonly<Record<string, string>>;
}

export interface Mailer {
  /** Whether messages leave the server (SMTP is configured); false: they go to the log only. */
  readonly sendsMail: boolean;
  /** Sends the message, or logs it when no SMTP is configured; rejects when the SMTP server refuses it. */
  send(message: MailMessage): Promise<void>;
  close(): void;
}

export function createMailer(config: MailConfig | null, logger: Logger): Mailer {
  if (config === null) {
    return {
      sendsMail: false,
      send(message) {
        logger.info(
          { mail: { to: message.to, subject: message.subject, text: message.text } },
          'mail not sent (no SMTP_URL); its text follows',
        );
        return Promise.resolve();
      },
      close() {},
    };
  }
  // The SMTP library is loaded with the first message, not at every start-up.
  let transport: Promise<Transporter> | undefined;
  const connect = () =>
    (transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(config.smtpUrl)));
  return {
    sendsMail: true,
    async send(message) {
      await (
        await connect()
      ).sendMail({
        from: config.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        ...(message.html === undefined ? {} : { html: message.html }),
        ...(message.headers === undefined ? {} : { headers: { ...message.headers } }),
      });
      logger.info({ to: message.to, subject: message.subject }, 'mail sent');
    },
    close() {
      void transport?.then((opened) => opened.close());
    },
  };
}
