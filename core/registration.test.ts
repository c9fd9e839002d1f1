import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EMAIL_ADDRESS_PATTERN, isEmailAddress } from './registration.ts';

describe('the e-mail address check without zod', () => {
  it('is zod’s own address rule, so the forms and the server agree', () => {
    expect(EMAIL_ADDRESS_PATTERN.source).toBe(z.regexes.email.source.replaceAll(String.raw`\-`, '-'));
    expect(isEmailAddress('ada@example.com')).toBe(true);
    expect(isEmailAddress('ada.example.com')).toBe(false);
    expect(isEmailAddress('.ada@example.com')).toBe(false);
  });
});
