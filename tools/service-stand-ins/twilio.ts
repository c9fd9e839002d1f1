// A Twilio stand-in speaking Twilio's Programmable Messaging REST shape for what Stride calls:
//   POST /2010-04-01/Accounts/{AccountSid}/Messages.json  (form fields To, From, Body; HTTP Basic
//   auth with the Account SID and Auth Token), answered 201 with a Message resource, or Twilio's
//   error body ({ code, message, more_info, status }) on a wrong credential or a missing field.
//   GET the same path (optionally ?To=…) lists the messages sent, newest first, as Twilio pages them.
// Every accepted message is kept, so a test reads the code a runner would receive (in memory, or
// over HTTP from another process).
//   npx tsx tools/service-stand-ins/twilio.ts  (prints the SMS_* settings to start Stride with)
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface SentSms {
  sid: string;
  to: string;
  from: string;
  body: string;
}

export interface TwilioStandIn {
  url: string;
  accountSid: string;
  authToken: string;
  from: string;
  /** Every message accepted, in order. */
  messages: SentSms[];
  /** The next `count` requests answer `status` with Twilio's error body. */
  failNext(count: number, status: number): void;
  close(): Promise<void>;
}

const MESSAGES_PATH = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/;

function twilioError(response: ServerResponse, status: number, code: number, message: string): void {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
  response.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function readForm(request: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

export async function startTwilioStandIn(): Promise<TwilioStandIn> {
  const accountSid = `AC${randomBytes(16).toString('hex')}`;
  const authToken = randomBytes(16).toString('hex');
  const from = '+15005550006';
  const messages: SentSms[] = [];
  let failing = { count: 0, status: 500 };
  const expectedAuth = `Basic ${Buffer.from(`${accountSid}:${authToken}`).toString('base64')}`;

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://stand-in');
      const match = MESSAGES_PATH.exec(url.pathname);
      if ((request.method !== 'POST' && request.method !== 'GET') || !match) {
        twilioError(response, 404, 20404, 'The requested resource was not found');
        return;
      }
      if (failing.count > 0) {
        failing = { ...failing, count: failing.count - 1 };
        twilioError(response, failing.status, 20500, 'An internal server error has occurred');
        return;
      }
      if (request.headers.authorization !== expectedAuth || match[1] !== accountSid) {
        twilioError(response, 401, 20003, 'Authenticate');
        return;
      }
      if (request.method === 'GET') {
        const to = url.searchParams.get('To');
        const listed = messages.filter((message) => to === null || message.to === to).reverse();
        response.writeHead(200, { 'content-type': 'application/json; charset=utf-8' });
        response.end(
          JSON.stringify({
            messages: listed.map((message) => ({
              account_sid: accountSid,
              sid: message.sid,
              to: message.to,
              from: message.from,
              body: message.body,
              status: 'delivered',
              direction: 'outbound-api',
            })),
            first_page_uri: url.pathname,
            next_page_uri: null,
            page: 0,
            page_size: 50,
            uri: `${url.pathname}${url.search}`,
          }),
        );
        return;
      }
      const form = await readForm(request);
      const to = form.get('To') ?? '';
      const sender = form.get('From') ?? '';
      const body = form.get('Body') ?? '';
      if (to === '') {
        twilioError(response, 400, 21604, "A 'To' phone number is required.");
        return;
      }
      if (sender === '') {
        twilioError(response, 400, 21603, "A 'From' phone number is required.");
        return;
      }
      if (body === '') {
        twilioError(response, 400, 21602, 'Message body is required.');
        return;
      }
      const sid = `SM${randomBytes(16).toString('hex')}`;
      messages.push({ sid, to, from: sender, body });
      const now = new Date().toUTCString();
      response.writeHead(201, { 'content-type': 'application/json; charset=utf-8' });
      response.end(
        JSON.stringify({
          account_sid: accountSid,
          api_version: '2010-04-01',
          body,
          date_created: now,
          date_sent: null,
          date_updated: now,
          direction: 'outbound-api',
          error_code: null,
          error_message: null,
          from: sender,
          messaging_service_sid: null,
          num_media: '0',
          num_segments: '1',
          price: null,
          price_unit: 'USD',
          sid,
          status: 'queued',
          subresource_uris: { media: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}/Media.json` },
          to,
          uri: `/2010-04-01/Accounts/${accountSid}/Messages/${sid}.json`,
        }),
      );
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    accountSid,
    authToken,
    from,
    messages,
    failNext: (count, status) => {
      failing = { count, status };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const standIn = await startTwilioStandIn();
  console.log(
    [
      `SMS_API_URL=${standIn.url}`,
      `SMS_ACCOUNT_SID=${standIn.accountSid}`,
      `SMS_AUTH_TOKEN=${standIn.authToken}`,
      `SMS_FROM=${standIn.from}`,
    ].join('\n'),
  );
}
