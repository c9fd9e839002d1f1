import { describe, expect, it } from 'vitest';
import { EMAIL_LINK_MESSAGES, emailLinkMail, emailLinkUrl, parseEmailLink } from './email-links.ts';

const query = (text: string) => new URLSearchParams(text);

describe('parseEmailLink', () => {
  it('reads a link with a mode, a code and an api key', () => {
    expect(parseEmailLink(query('mode=resetPassword&oobCode=abc&apiKey=k1'))).toEqual({
      ok: true,
      link: { mode: 'resetPassword', oobCode: 'abc', apiKey: 'k1' },
    });
  });

  it.each([
    ['oobCode=abc&apiKey=k1', 'mode'],
    ['mode=signIn&apiKey=k1', 'code'],
    ['mode=signIn&oobCode=abc', 'key'],
    ['mode=&oobCode=abc&apiKey=k1', 'empty mode'],
    ['mode=signIn&oobCode=%20&apiKey=k1', 'blank code'],
  ])('refuses %s (no %s) as incomplete', (text) => {
    expect(parseEmailLink(query(text))).toEqual({ ok: false, message: EMAIL_LINK_MESSAGES.incomplete });
  });

  it('refuses a mode Stride does not have', () => {
    expect(parseEmailLink(query('mode=recoverEmail&oobCode=abc&apiKey=k1'))).toEqual({
      ok: false,
      message: EMAIL_LINK_MESSAGES.unknownMode,
    });
  });
});

describe('emailLinkUrl', () => {
  it('points at the action page and reads back as the same link', () => {
    const link = { mode: 'verifyEmail', oobCode: 'a.b-c_d', apiKey: 'x+y/z=' } as const;
    const url = new URL(emailLinkUrl('https://runs.example.org', link));

    expect(url.origin + url.pathname).toBe('https://runs.example.org/auth/action');
    expect(parseEmailLink(url.searchParams)).toEqual({ ok: true, link });
  });
});

describe('the mails and answers', () => {
  it('say how long each link works', () => {
    expect(emailLinkMail('resetPassword', 'U').text).toContain('it works once, within 1 hour):\nU');
    expect(emailLinkMail('signIn', 'U').text).toContain('it works once, within 15 minutes):\nU');
    expect(emailLinkMail('verifyEmail', 'U').text).toContain('it works within 24 hours):\nU');
    expect(EMAIL_LINK_MESSAGES.resetRequested).toBe(
      'If an account uses this e-mail, we have sent it a link to reset the password. The link works once, within 1 hour.',
    );
    expect(EMAIL_LINK_MESSAGES.signInLinkSent).toBe(
      'If an account uses this e-mail, we have sent it a sign-in link. The link works once, within 15 minutes.',
    );
  });
});
