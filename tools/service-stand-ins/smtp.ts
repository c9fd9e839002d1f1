// A mail server for tests and development: a local SMTP server (smtp-server) that accepts every
// message, parses it (mailparser) and keeps it in memory, so a test reads the mail Stride sent, its
// links and headers, as a mailbox would show them. Any user name and password are accepted.
//   npx tsx tools/service-stand-ins/smtp.ts  (prints the SMTP_URL to start Stride with, then each message)
import type { AddressInfo } from 'node:net';
import { simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  /** The envelope's recipients. */
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string | null;
  /** Header names in lower case, values as sent (folded lines joined). */
  headers: Readonly<Record<string, string>>;
}

export interface SmtpStandIn {
  /** The SMTP_URL that reaches it. */
  url: string;
  /** Every message received, oldest first. */
  readonly messages: readonly ReceivedMail[];
  /** The first message (from now on or already received) that `match` accepts. */
  next(match: (mail: ReceivedMail) => boolean): Promise<ReceivedMail>;
  stop(): Promise<void>;
}

function headerText(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (value && typeof value === 'object' && 'text' in value && typeof value.text === 'string') {
    return value.text;
  }
  return JSON.stringify(value);
}

export async function startSmtpStandIn(): Promise<SmtpStandIn> {
  const messages: ReceivedMail[] = [];
  const waiting = new Set<{ match: (mail: ReceivedMail) => boolean; resolve: (mail: ReceivedMail) => void }>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'stride' }),
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((parsed) => {
          const headers: Record<string, string> = {};
          for (const line of parsed.headerLines) {
            headers[line.key.toLowerCase()] = line.line
              .slice(line.line.indexOf(':') + 1)
              .replace(/\r?\n\s+/g, ' ')
              .trim();
          }
          const mail: ReceivedMail = {
            to: session.envelope.rcptTo.map((recipient) => recipient.address),
            from: headerText(parsed.from),
            subject: parsed.subject ?? '',
            text: parsed.text ?? '',
            html: typeof parsed.html === 'string' ? parsed.html : null,
            headers,
          };
          messages.push(mail);
          for (const waiter of waiting) {
            if (waiter.match(mail)) {
              waiting.delete(waiter);
              waiter.resolve(mail);
            }
          }
          callback();
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error))));
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://stride:stride@127.0.0.1:${port}`,
    messages,
    next(match) {
      const found = messages.find(match);
      return found ? Promise.resolve(found) : new Promise((resolve) => waiting.add({ match, resolve }));
    },
    stop: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startSmtpStandIn();
  console.log(`SMTP_URL=${standIn.url}`);
  let shown = 0;
  setInterval(() => {
    for (const mail of standIn.messages.slice(shown)) {
      console.log(`\n--- to ${mail.to.join(', ')}: ${mail.subject}\n${mail.text}`);
    }
    shown = standIn.messages.length;
  }, 500);
}
