/**
 * Phone sign-in over HTTP against a stand-in that speaks Twilio's Messages API: a runner adds and
 * confirms a number in Account, then signs in with a code texted to it; a number no account signs
 * in with gets the same answer and no text; a wrong code is refused with the spec's sentence; an
 * account with two-factor on gets the second-factor challenge, not a session; the texts to one
 * number stop at the e-mail links' hourly limit.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAILS_PER_RECIPIENT_PER_HOUR } from '../../core/mail-limits.ts';
import { PHONE_SIGN_IN_TEXTS } from '../../core/phone-sign-in.ts';
import type { PhoneSignInStatus } from '../../core/phone-sign-in-api.ts';
import { startTwilioStandIn, type TwilioStandIn } from '../../tools/service-stand-ins/twilio.ts';
import { createApiClient, type ApiClient } from '../test-support/api-client.ts';
import { expectApiError, registerUser } from '../test-support/factories.ts';
import { startTestServer, type TestServer } from '../test-support/test-server.ts';
import { enrol, nextCode } from '../test-support/two-factor.ts';

let twilio: TwilioStandIn;
let server: TestServer;

beforeAll(async () => {
  twilio = await startTwilioStandIn();
  server = await startTestServer({
    sms: {
      accountSid: twilio.accountSid,
      authToken: twilio.authToken,
      from: twilio.from,
      apiUrl: twilio.url,
      timeoutMs: 5000,
    },
  });
});

afterAll(async () => {
  await server?.stop();
  await twilio?.close();
});

let numbers = 0;
/** A number of its own for each test (+44 7700 900xxx is Ofcom's range for drama). */
const newNumber = () => `+447700900${String(100 + (numbers += 1)).padStart(3, '0')}`;

/** The code of the latest text to `number`, once it has arrived. */
async function textedCode(number: string, count: number): Promise<string> {
  await expect.poll(() => twilio.messages.filter((message) => message.to === number).length).toBe(count);
  const body = twilio.messages.filter((message) => message.to === number).at(-1)?.body ?? '';
  return /^(\d{6}) /.exec(body)?.[1] ?? '';
}

/** A runner with `number` added and confirmed in Account. */
async function runnerWithPhone(number: string) {
  const runner = await registerUser(server);
  const asked = await runner.client.post('/api/account/phone-number/code', { phoneNumber: number });
  expect(asked.status).toBe(202);
  const confirmed = await runner.client.post('/api/auth/phone-number/verify', {
    phoneNumber: number,
    code: await textedCode(number, 1),
    updatePhoneNumber: true,
  });
  expect(confirmed.status).toBe(200);
  return runner;
}

async function askCode(client: ApiClient, phoneNumber: string) {
  return client.post<{ message: string }>('/api/auth/phone-number/send-otp', { phoneNumber });
}

describe('phone sign-in', () => {
  it('is offered by a server that sends text messages', async () => {
    const config = await createApiClient(server.url).get<{ phoneSignIn: boolean }>('/api/config');
    expect(config.body.phoneSignIn).toBe(true);
  });

  it('adds a number in Account with a texted code, then signs in with a code texted to it', async () => {
    const number = newNumber();
    // Typed with spaces, kept as E.164.
    const typed = `${number.slice(0, 3)} ${number.slice(3, 7)} ${number.slice(7)}`;
    const runner = await runnerWithPhone(typed.replace(/\s/g, ''));
    const status = await runner.client.get<PhoneSignInStatus>('/api/account/phone-number');
    expect(status.body).toEqual({ offered: true, phoneNumber: number });
    const [added] = twilio.messages.filter((message) => message.to === number);
    expect(added?.from).toBe(twilio.from);
    expect(added?.body).toMatch(/^\d{6} is your Stride sign-in code\. It expires in 5 minutes\.$/);

    const browser = createApiClient(server.url);
    const asked = await askCode(browser, typed);
    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'code sent' });
    const signedIn = await browser.post<{ user: { id: string } }>('/api/auth/phone-number/verify', {
      phoneNumber: typed,
      code: await textedCode(number, 2),
    });

    expect(signedIn.status).toBe(200);
    expect(signedIn.body.user.id).toBe(runner.id);
    const session = await browser.get<{ user: { id: string } }>('/api/auth/get-session');
    expect(session.body.user.id).toBe(runner.id);
  });

  it('answers a number no account signs in with alike, texts it nothing, and refuses a code for it', async () => {
    const number = newNumber();
    const browser = createApiClient(server.url);

    const asked = await askCode(browser, number);
    const refused = await browser.post('/api/auth/phone-number/verify', { phoneNumber: number, code: '123456' });

    expect(asked.status).toBe(200);
    expect(asked.body).toEqual({ message: 'code sent' });
    expectApiError(refused, 400, {
      type: 'validation_error',
      message: PHONE_SIGN_IN_TEXTS.invalidCode,
      code: 'invalid-verification-code',
    });
    expect(twilio.messages.filter((message) => message.to === number)).toEqual([]);
    expect(
      await server.database.db.selectFrom('authUsers').select('id').where('phoneNumber', '=', number).execute(),
    ).toEqual([]);
  });

  it("refuses a wrong code and a number without its country code with the runner's sentences", async () => {
    const number = newNumber();
    await runnerWithPhone(number);
    const browser = createApiClient(server.url);
    await askCode(browser, number);
    const right = await textedCode(number, 2);
    const wrong = right === '000000' ? '111111' : '000000';

    const refused = await browser.post('/api/auth/phone-number/verify', { phoneNumber: number, code: wrong });
    const badNumber = await askCode(browser, '07700 900123');

    expectApiError(refused, 400, {
      type: 'validation_error',
      message: PHONE_SIGN_IN_TEXTS.invalidCode,
      code: 'invalid-verification-code',
    });
    expectApiError(badNumber, 400, {
      type: 'validation_error',
      message: PHONE_SIGN_IN_TEXTS.invalidNumber,
      code: 'invalid-phone-number',
    });
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
  });

  it('asks an account with two-factor on for its second factor before any session', async () => {
    const number = newNumber();
    const runner = await runnerWithPhone(number);
    const enrolment = await enrol(runner.client, runner.credentials);
    const browser = createApiClient(server.url);
    await askCode(browser, number);

    const challenged = await browser.post('/api/auth/phone-number/verify', {
      phoneNumber: number,
      code: await textedCode(number, 2),
    });

    expect(challenged.status).toBe(200);
    expect(challenged.body).toMatchObject({ twoFactorRedirect: true });
    expect((await browser.get('/api/auth/get-session')).body).toBeNull();
    const passed = await browser.post('/api/auth/two-factor/verify-totp', { code: nextCode(enrolment.totpURI) });
    expect(passed.status).toBe(200);
    const session = await browser.get<{ user: { id: string } }>('/api/auth/get-session');
    expect(session.body.user.id).toBe(runner.id);
  });

  it('texts one number at most the hourly limit of the e-mail links, answering every request alike', async () => {
    const number = newNumber();
    await runnerWithPhone(number);
    const browser = createApiClient(server.url);

    for (let asked = 0; asked < MAILS_PER_RECIPIENT_PER_HOUR + 1; asked += 1) {
      const answer = await askCode(browser, number);
      expect(answer.body).toEqual({ message: 'code sent' });
    }

    // The confirmation in Account was the first of the hour's three.
    await expect
      .poll(() => twilio.messages.filter((message) => message.to === number).length)
      .toBe(MAILS_PER_RECIPIENT_PER_HOUR);
  });

  it('refuses a number another account holds when it is added in Account', async () => {
    const number = newNumber();
    await runnerWithPhone(number);
    const other = await registerUser(server);

    const refused = await other.client.post('/api/account/phone-number/code', { phoneNumber: number });

    expectApiError(refused, 409, { type: 'validation_error', message: PHONE_SIGN_IN_TEXTS.numberTaken });
  });
});
