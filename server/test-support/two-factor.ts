/**
 * Two-factor in the server tests: an authenticator app's codes computed from the enrolment's
 * otpauth URI (otpauth, never Stride's own code), and enrolment through the API as Account does it.
 */
import { TOTP, URI } from 'otpauth';
import { expect } from 'vitest';
import type { ApiClient } from './api-client.ts';
import type { Credentials } from './factories.ts';

export interface Enrolment {
  totpURI: string;
  backupCodes: string[];
}

function totpOf(uri: string): TOTP {
  const parsed = URI.parse(uri);
  if (!(parsed instanceof TOTP)) {
    throw new Error(`not a TOTP URI: ${uri}`);
  }
  return parsed;
}

/** The app's code now. */
export function codeNow(uri: string): string {
  return totpOf(uri).generate({ timestamp: Date.now() });
}

/**
 * The app's code for the next time step, as it shows 30 s from now. A code is accepted once per
 * account, and none older after it, so after `enrol` (which confirms with `codeNow`) a sign-in uses
 * this one: the server accepts a code one step ahead.
 */
export function nextCode(uri: string): string {
  const totp = totpOf(uri);
  return totp.generate({ timestamp: Date.now() + totp.period * 1000 });
}

/** Six digits that no accepted time step (the current one, and one either side) gives. */
export function wrongCode(uri: string): string {
  const totp = totpOf(uri);
  const now = Date.now();
  const accepted = new Set([-1, 0, 1, 2].map((step) => totp.generate({ timestamp: now + step * totp.period * 1000 })));
  for (let candidate = 0; ; candidate += 1) {
    const code = String(candidate).padStart(6, '0');
    if (!accepted.has(code)) {
      return code;
    }
  }
}

/** Turns two-factor on for the signed-in `client`: the password, then a code from the app. */
export async function enrol(client: ApiClient, credentials: Credentials): Promise<Enrolment> {
  const started = await client.post<Enrolment>('/api/auth/two-factor/enable', { password: credentials.password });
  expect(started.status).toBe(200);
  const confirmed = await client.post('/api/auth/two-factor/verify-totp', { code: codeNow(started.body.totpURI) });
  expect(confirmed.status).toBe(200);
  return started.body;
}
