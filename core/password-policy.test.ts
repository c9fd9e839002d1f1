import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAX_PASSWORD_LENGTH,
  DEFAULT_MIN_PASSWORD_LENGTH,
  DEFAULT_PASSWORD_POLICY,
  passwordLengthMessages,
  passwordProblems,
  type PasswordPolicy,
} from './password-policy.ts';
import { passwordPolicySchema } from './password-policy-schema.ts';

const TOO_SHORT_6 = 'Password must be at least 6 characters.';
const LOWERCASE = 'Password must contain a lowercase letter.';
const UPPERCASE = 'Password must contain an uppercase letter.';
const NUMBER = 'Password must contain a number.';
const SYMBOL = 'Password must contain a symbol.';

function policy(overrides: Partial<PasswordPolicy>): PasswordPolicy {
  return { ...DEFAULT_PASSWORD_POLICY, ...overrides };
}

describe('DEFAULT_PASSWORD_POLICY (spec §5, §9)', () => {
  it('requires 6 characters and no character classes', () => {
    expect(DEFAULT_MIN_PASSWORD_LENGTH).toBe(6);
    expect(DEFAULT_MAX_PASSWORD_LENGTH).toBe(128);
    expect(DEFAULT_PASSWORD_POLICY).toEqual({
      minLength: 6,
      maxLength: 128,
      requireLowercase: false,
      requireUppercase: false,
      requireNumeric: false,
      requireNonAlphanumeric: false,
    });
  });

  it('is a valid policy', () => {
    expect(passwordPolicySchema.parse(DEFAULT_PASSWORD_POLICY)).toEqual(DEFAULT_PASSWORD_POLICY);
  });
});

describe('passwordProblems: length', () => {
  it.each([
    ['', [TOO_SHORT_6]],
    ['12345', [TOO_SHORT_6]],
    ['123456', []],
    ['      ', []],
    ['x'.repeat(128), []],
    ['x'.repeat(129), ['Password must be at most 128 characters.']],
  ])('%j under the default policy → %j', (password, problems) => {
    expect(passwordProblems(password, DEFAULT_PASSWORD_POLICY)).toEqual(problems);
  });

  it('counts characters, not UTF-16 units', () => {
    expect(passwordProblems('😀😀😀😀😀', DEFAULT_PASSWORD_POLICY)).toEqual([TOO_SHORT_6]);
    expect(passwordProblems('😀😀😀😀😀😀', DEFAULT_PASSWORD_POLICY)).toEqual([]);
    expect(passwordProblems('😀'.repeat(4), policy({ minLength: 1, maxLength: 4 }))).toEqual([]);
  });

  it('uses the configured bounds in its sentences', () => {
    expect(passwordProblems('short', policy({ minLength: 12 }))).toEqual(['Password must be at least 12 characters.']);
    expect(passwordProblems('toolong', policy({ minLength: 1, maxLength: 6 }))).toEqual([
      'Password must be at most 6 characters.',
    ]);
  });
});

describe('passwordProblems: character classes', () => {
  it.each([
    ['requireLowercase', 'ABCDEF', LOWERCASE, 'ABCDEf'],
    ['requireLowercase', '123456', LOWERCASE, 'é23456'],
    ['requireUppercase', 'abcdef', UPPERCASE, 'abcdeF'],
    ['requireUppercase', '123456', UPPERCASE, 'É23456'],
    ['requireNumeric', 'abcdef', NUMBER, 'abcde1'],
    ['requireNumeric', 'abcdef', NUMBER, 'abcde٣'],
    ['requireNonAlphanumeric', 'abc123', SYMBOL, 'abc12!'],
    ['requireNonAlphanumeric', 'Ábc123', SYMBOL, 'abc 12'],
  ] as const)('%s: %j fails, %j passes', (rule, failing, message, passing) => {
    const strict = policy({ [rule]: true });

    expect(passwordProblems(failing, strict)).toEqual([message]);
    expect(passwordProblems(passing, strict)).toEqual([]);
  });

  it('ignores a class that is not required', () => {
    expect(passwordProblems('abcdef', DEFAULT_PASSWORD_POLICY)).toEqual([]);
  });

  it('lists every unmet rule in a stable order', () => {
    const all = policy({
      requireLowercase: true,
      requireUppercase: true,
      requireNumeric: true,
      requireNonAlphanumeric: true,
    });

    expect(passwordProblems('', all)).toEqual([TOO_SHORT_6, LOWERCASE, UPPERCASE, NUMBER, SYMBOL]);
    expect(passwordProblems('Aa1!Aa1!', all)).toEqual([]);
  });
});

describe('passwordPolicySchema', () => {
  it.each([
    ['a minimum of 0', { minLength: 0 }],
    ['a fractional maximum', { maxLength: 10.5 }],
    ['a missing flag', { requireNumeric: undefined }],
  ])('rejects %s', (_label, overrides) => {
    expect(passwordPolicySchema.safeParse({ ...DEFAULT_PASSWORD_POLICY, ...overrides }).success).toBe(false);
  });
});

describe('passwordLengthMessages', () => {
  it('gives the hint and both length errors for the policy', () => {
    expect(passwordLengthMessages({ minLength: 8, maxLength: 64 })).toEqual({
      hint: 'At least 8 characters.',
      tooShort: 'Password must be at least 8 characters.',
      tooLong: 'Password must be at most 64 characters.',
    });
  });
});
