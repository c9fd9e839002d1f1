/**
 * Account mails are limited per recipient and kind (3 an hour, 10 a day) and for the whole server
 * (AUTH_MAIL_MAX_PER_HOUR), counted in the database, whichever client addresses ask; every request
 * is answered the same, and a request for an account does the same work as one for an unknown
 * address (it queues one job). Mails are counted at the SMTP stand-in; time is the injected clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILS_PER_RECIPIENT_PER_DAY, MAILS_PER_RECIPIENT_PER_HOUR } from '../../core/mail-limits.ts';
import { startSmtpStandIn, type SmtpStandIn } from '../../tools/service-stand-ins/smtp.ts';
import { isBackgroundWork } from '../db/query-priority.ts';
import { createApiClient, type ApiResponse } from '../test-support/api-client.ts';
import { fixedClock } from '../test-support/clock.ts';
import { registerUser, uniqueEmail, type RegisteredUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';

const HOUR_MS = 60 * 60 * 1000;
const RESET_SUBJECT = 'Reset your Stride password';
const SIGN_IN_SUBJECT = 'Your Stride sign-in link';
const RESET_ANSWER = {
  status: true,
  message: 'If this email exists in our system, check your email for the reset link',
};

let smtp: SmtpStandIn;
let server: TestServer;
const clock = fixedClock(Date.parse('2031-05-06T00:00:00Z'));
/** The SQL of the requests' own queries while `recording` (the job queue's work is background). */
let recorded: string[] | null = null;

beforeAll(async () => {
  smtp = await startSmtpStandIn();
  server = await startTestServer(
    { mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' }, trustProxyHops: 1 },
    { clock, onQuery: (sql) => void (recorded !== null && !isBackgroundWork() && recorded.push(sql)) },
  );
});

afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

function mailsTo(email: string, subject: string): number {
  return smtp.messages.filter((mail) => mail.to.includes(email) && mail.subject === subject).length;
}

/** Mail requests still waiting or running in the job queue. */
async function queuedRequests(target: TestServer = server): Promise<number> {
  const { rows } = await target.database.executeSql(
    "select count(*)::int as waiting from pgboss.job where name = 'email-link-request' and state in ('created', 'retry', 'active')",
  );
  return Number(rows[0]?.waiting);
}

/** Waits until every queued request has been worked off. */
async function settled(target: TestServer = server): Promise<void> {
  await expect.poll(() => queuedRequests(target), { timeout: 60_000 }).toBe(0);
}

function requestFrom(address: string, path: string, email: string, target: TestServer = server) {
  return createApiClient(target.url).post(path, { email }, { headers: { 'x-forwarded-for': address } });
}

function expectAllAnswered(answers: ApiResponse[], body: unknown): void {
  expect(new Set(answers.map((answer) => answer.status))).toEqual(new Set([200]));
  for (const answer of answers) {
    expect(answer.body).toEqual(body);
  }
}

describe('mail limits', () => {
  it('mails one recipient at most 3 resets and 3 sign-in links an hour when 5 addresses ask 4 times each', async () => {
    clock.advance(HOUR_MS);
    const { credentials } = await registerUser(server);
    const addresses = ['203.0.113.1', '203.0.113.2', '203.0.113.3', '203.0.113.4', '203.0.113.5'];
    const flood = (path: string) =>
      Promise.all(
        addresses.flatMap((address) => Array.from({ length: 10 }, () => requestFrom(address, path, credentials.email))),
      );

    const resets = await flood('/api/auth/request-password-reset');
    const signInLinks = await flood('/api/auth/sign-in/magic-link');
    await settled();

    expectAllAnswered(resets, RESET_ANSWER);
    expectAllAnswered(signInLinks, { status: true });
    expect(mailsTo(credentials.email, RESET_SUBJECT)).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
    expect(mailsTo(credentials.email, SIGN_IN_SUBJECT)).toBe(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('mails one recipient at most 10 of a kind a day, and again the next day', async () => {
    clock.set(Date.parse('2031-05-10T00:00:00Z'));
    const { credentials } = await registerUser(server);
    const answers: ApiResponse[] = [];
    for (let hour = 0; hour < 5; hour += 1) {
      for (let request = 0; request < 4; request += 1) {
        answers.push(await requestFrom('203.0.113.9', '/api/auth/request-password-reset', credentials.email));
      }
      clock.advance(HOUR_MS);
    }
    await settled();
    expect(mailsTo(credentials.email, RESET_SUBJECT)).toBe(MAILS_PER_RECIPIENT_PER_DAY);

    clock.set(Date.parse('2031-05-11T00:00:00Z'));
    answers.push(await requestFrom('203.0.113.9', '/api/auth/request-password-reset', credentials.email));
    await settled();

    expectAllAnswered(answers, RESET_ANSWER);
    expect(mailsTo(credentials.email, RESET_SUBJECT)).toBe(MAILS_PER_RECIPIENT_PER_DAY + 1);
  });

  it('does the same work for an account and an unknown address: the same queries, one queued job each', async () => {
    clock.advance(HOUR_MS);
    const { credentials } = await registerUser(server);
    const address = '203.0.113.20';
    // The client address's rate-limit row exists from here on, so each request below updates it alike.
    await requestFrom(address, '/api/auth/request-password-reset', uniqueEmail('warm-up'));
    await settled();

    const workOf = async (email: string) => {
      recorded = [];
      const answer = await requestFrom(address, '/api/auth/request-password-reset', email);
      const queries = recorded;
      recorded = null;
      return { answer, queries };
    };
    const known = await workOf(credentials.email);
    const unknown = await workOf(uniqueEmail('nobody'));
    await settled();

    expect(unknown.answer.body).toEqual(known.answer.body);
    expect(unknown.queries).toEqual(known.queries);
    expect(known.queries.some((sql) => sql.includes('auth_users') || sql.includes('auth_verifications'))).toBe(false);
    expect(mailsTo(credentials.email, RESET_SUBJECT)).toBe(1);
  });
});

describe('the server-wide mail limit', () => {
  it('sends no more account mails an hour than AUTH_MAIL_MAX_PER_HOUR, to anyone', async () => {
    const capped = await startTestServer(
      { mail: { smtpUrl: smtp.url, from: 'Stride <stride@localhost>' }, authMailsPerHour: 2 },
      { clock },
    );
    try {
      clock.advance(HOUR_MS);
      const accounts: RegisteredUser[] = [];
      for (let index = 0; index < 3; index += 1) {
        accounts.push(await registerUser(capped));
      }
      // The verification mails at sign-up count too: two of the three go out.
      const verifications = () =>
        accounts.filter(({ credentials }) => mailsTo(credentials.email, 'Verify your e-mail for Stride') === 1).length;
      await expect.poll(verifications).toBe(2);
      clock.advance(HOUR_MS);
      const sentBefore = smtp.messages.length;

      const answers = [];
      for (const { credentials } of accounts) {
        answers.push(await requestFrom('203.0.113.30', '/api/auth/request-password-reset', credentials.email, capped));
      }
      await settled(capped);

      expectAllAnswered(answers, RESET_ANSWER);
      expect(smtp.messages.length - sentBefore).toBe(2);
    } finally {
      await capped.stop();
    }
  });
});
