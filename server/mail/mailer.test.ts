import { pino } from 'pino';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpStandIn, type SmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';
import { createMailer } from './mailer.ts';

let smtp: SmtpStandIn;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
});

afterAll(async () => {
  await smtp?.stop();
});

function recordingLogger() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      lines.push(JSON.parse(chunk.toString()) as Record<string, unknown>);
      done();
    },
  });
  return { logger: pino(stream), lines };
}

describe('the mailer', () => {
  it('sends over SMTP from MAIL_FROM, with the text, the HTML and the extra headers', async () => {
    const { logger } = recordingLogger();
    const mailer = createMailer({ smtpUrl: smtp.url, from: 'Stride <stride@example.org>' }, logger);
    try {
      expect(mailer.sendsMail).toBe(true);
      await mailer.send({
        to: 'ada@example.org',
        subject: 'Your week',
        text: 'You ran 42.2 km.',
        html: '<p>You ran 42.2 km.</p>',
        headers: { 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
      });
      const mail = await smtp.next((received) => received.subject === 'Your week');
      expect(mail).toMatchObject({
        to: ['ada@example.org'],
        from: '"Stride" <stride@example.org>',
        text: 'You ran 42.2 km.',
        html: '<p>You ran 42.2 km.</p>',
      });
      expect(mail.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    } finally {
      mailer.close();
    }
  });

  it('without SMTP, sends nothing and writes the message, links included, to the log', async () => {
    const { logger, lines } = recordingLogger();
    const mailer = createMailer(null, logger);
    const before = smtp.messages.length;
    expect(mailer.sendsMail).toBe(false);

    await mailer.send({ to: 'ada@example.org', subject: 'Reset', text: 'Open http://localhost:3000/auth/action?x=1' });

    expect(smtp.messages).toHaveLength(before);
    expect(lines).toEqual([
      expect.objectContaining({
        msg: 'mail not sent (no SMTP_URL); its text follows',
        mail: { to: 'ada@example.org', subject: 'Reset', text: 'Open http://localhost:3000/auth/action?x=1' },
      }),
    ]);
  });
});
