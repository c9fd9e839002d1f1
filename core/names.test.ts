import { describe, expect, it } from 'vitest';
import {
  baseUsername,
  greetingName,
  joinName,
  RESERVED_USERNAMES,
  splitName,
  USERNAME_MAX_LENGTH,
  USERNAME_MESSAGES,
  USERNAME_MIN_LENGTH,
  USERNAME_NUMBERED_CANDIDATES,
  usernameCandidates,
  usernameSchema,
} from './names.ts';
import {
  FITNESS_CALLBACK_PATHS,
  GUARDED_LAYOUT_PATHS,
  NAV_ENTRIES,
  OPEN_LAYOUT_PATHS,
  PUBLIC_PATHS,
} from './product.ts';

function usernameError(value: string): string | undefined {
  const result = usernameSchema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

describe('splitName (spec §3: first word, then the rest)', () => {
  it.each([
    ['Ada Lovelace', 'Ada', 'Lovelace'],
    ['Ada Mary Lovelace', 'Ada', 'Mary Lovelace'],
    ['Ada', 'Ada', ''],
    ['  Ada   Mary\tLovelace \n', 'Ada', 'Mary Lovelace'],
    ['', '', ''],
    ['   ', '', ''],
    ['Zoë Ñúñez-García', 'Zoë', 'Ñúñez-García'],
    ['李 雷', '李', '雷'],
  ])('splits %j into %j and %j', (name, firstName, lastName) => {
    expect(splitName(name)).toEqual({ firstName, lastName });
  });
});

describe('joinName', () => {
  it.each([
    ['Ada', 'Lovelace', 'Ada Lovelace'],
    ['Ada', '', 'Ada'],
    ['', 'Lovelace', 'Lovelace'],
    ['', '', ''],
    ['  Ada ', ' Mary Lovelace  ', 'Ada Mary Lovelace'],
  ])('joins %j and %j into %j', (firstName, lastName, name) => {
    expect(joinName(firstName, lastName)).toBe(name);
  });

  it('undoes splitName for a tidy name', () => {
    const { firstName, lastName } = splitName('Ada Mary Lovelace');
    expect(joinName(firstName, lastName)).toBe('Ada Mary Lovelace');
  });
});

describe('usernameSchema', () => {
  it('has the limits 3 and 30', () => {
    expect(USERNAME_MIN_LENGTH).toBe(3);
    expect(USERNAME_MAX_LENGTH).toBe(30);
  });

  it.each(['abc', 'ada-lovelace', 'runner-2', 'a1b', '123', 'a'.repeat(30), 'a-b-c'])('accepts %j', (value) => {
    expect(usernameSchema.parse(value)).toBe(value);
  });

  it('lowercases and trims', () => {
    expect(usernameSchema.parse('  Ada-Lovelace ')).toBe('ada-lovelace');
  });

  it.each([
    ['', USERNAME_MESSAGES.tooShort],
    ['ab', USERNAME_MESSAGES.tooShort],
    ['a'.repeat(31), USERNAME_MESSAGES.tooLong],
    ['-ada', USERNAME_MESSAGES.pattern],
    ['ada-', USERNAME_MESSAGES.pattern],
    ['ada_lovelace', USERNAME_MESSAGES.pattern],
    ['ada lovelace', USERNAME_MESSAGES.pattern],
    ['ada.lovelace', USERNAME_MESSAGES.pattern],
    ['zoë', USERNAME_MESSAGES.pattern],
    ['ada/x', USERNAME_MESSAGES.pattern],
    ['login', USERNAME_MESSAGES.reserved],
    ['LOGIN', USERNAME_MESSAGES.reserved],
    ['my-stride', USERNAME_MESSAGES.reserved],
    ['api', USERNAME_MESSAGES.reserved],
    ['strava-callback', USERNAME_MESSAGES.reserved],
  ])('rejects %j with its message', (value, message) => {
    expect(usernameError(value)).toBe(message);
  });

  it('has a sentence for every problem', () => {
    expect(USERNAME_MESSAGES).toEqual({
      tooShort: 'Username must be at least 3 characters.',
      tooLong: 'Username must be at most 30 characters.',
      pattern: 'Use lowercase letters, digits and dashes; start and end with a letter or digit.',
      reserved: 'That username is reserved. Please choose another.',
      taken: 'That username is already taken. Please choose another.',
    });
  });
});

describe('RESERVED_USERNAMES', () => {
  it('holds the first segment of every route of the app, so /{username} never shadows one', () => {
    const paths = [
      ...PUBLIC_PATHS,
      ...GUARDED_LAYOUT_PATHS,
      ...OPEN_LAYOUT_PATHS,
      ...FITNESS_CALLBACK_PATHS,
      ...NAV_ENTRIES.map((entry) => entry.path),
    ];
    const firstSegments = paths.map((path) => path.split('/')[1] ?? '').filter((segment) => segment !== '');

    expect(firstSegments.length).toBeGreaterThan(10);
    for (const segment of firstSegments) {
      expect(RESERVED_USERNAMES.has(segment), segment).toBe(true);
    }
    expect(RESERVED_USERNAMES.has('api')).toBe(true);
    expect(RESERVED_USERNAMES.has('assets')).toBe(true);
  });
});

describe('baseUsername', () => {
  it.each([
    ['Ada Lovelace', 'ada@example.com', 'ada-lovelace'],
    ['Ada Mary Lovelace', 'x@example.com', 'ada-mary-lovelace'],
    ['  Zoë  Ñúñez ', 'x@example.com', 'zoe-nunez'],
    ["O'Brien, Pat", 'x@example.com', 'o-brien-pat'],
    ['', 'grace.hopper@example.com', 'grace-hopper'],
    ['李雷', 'li.lei@example.com', 'li-lei'],
    ['', '@example.com', 'runner'],
    ['!!!', '', 'runner'],
    ['Al', 'al@example.com', 'al-runner'],
    ['X', 'x@example.com', 'x-runner'],
  ])('derives from name %j and e-mail %j: %j', (name, email, expected) => {
    expect(baseUsername(name, email)).toBe(expected);
  });

  it('leaves room for a suffix and never ends in a dash when cut', () => {
    const base = baseUsername('Wolfeschlegelsteinhausen Bergerdorff Senior', 'w@example.com');

    expect(base.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH - 5);
    expect(base).toBe('wolfeschlegelsteinhausen');
    expect(baseUsername('abcdefghijklmnopqrstuvwx yz', 'a@example.com')).toBe('abcdefghijklmnopqrstuvwx');
  });

  it.each([
    ['Ada Lovelace', 'ada@example.com'],
    ['Ünïcödé Nämé With Many Words In It', 'u@example.com'],
    ['', ''],
    ['A', 'b@example.com'],
    ['---', '---@example.com'],
  ])('gives a username that passes the schema unless reserved (%j)', (name, email) => {
    const base = baseUsername(name, email);

    expect(usernameError(base)).toBeUndefined();
    expect(usernameError(`${base}-99`)).toBeUndefined();
  });
});

describe('usernameCandidates', () => {
  function firstCandidates(base: string, count: number, suffixes: string[] = []): string[] {
    let next = 0;
    const generator = usernameCandidates(base, () => suffixes[next++] ?? 'zzzzz');
    return Array.from({ length: count }, () => generator.next().value as string);
  }

  it('offers the base, then numbered suffixes from 2', () => {
    expect(firstCandidates('ada', 4)).toEqual(['ada', 'ada-2', 'ada-3', 'ada-4']);
  });

  it('skips a reserved base', () => {
    expect(firstCandidates('login', 2)).toEqual(['login-2', 'login-3']);
  });

  it(`turns to random suffixes after ${USERNAME_NUMBERED_CANDIDATES} numbered ones, and never ends`, () => {
    const candidates = firstCandidates('maria-garcia', 8, ['k3x9q', '0a1b2', 'abcde']);
    expect(candidates).toEqual([
      'maria-garcia',
      'maria-garcia-2',
      'maria-garcia-3',
      'maria-garcia-4',
      'maria-garcia-5',
      'maria-garcia-k3x9q',
      'maria-garcia-0a1b2',
      'maria-garcia-abcde',
    ]);
    expect(firstCandidates('maria-garcia', 200).length).toBe(200);
  });

  it('keeps a random candidate of the longest base within the username limit and valid', () => {
    const base = baseUsername('Anna-Maria Fitzgerald-Worthington the Third', 'x@example.com');
    const random = firstCandidates(base, 6, ['k3x9q'])[5] ?? '';
    expect(random.length).toBeLessThanOrEqual(USERNAME_MAX_LENGTH);
    expect(random.endsWith('-k3x9q')).toBe(true);
    expect(usernameError(random)).toBeUndefined();
  });
});

describe('greetingName (spec §1: "Runner" when no first name is known)', () => {
  it.each([
    ['Ada', 'Ada'],
    ['  Ada ', 'Ada'],
    ['', 'Runner'],
    ['   ', 'Runner'],
    [null, 'Runner'],
    [undefined, 'Runner'],
  ])('greets %j as %j', (firstName, expected) => {
    expect(greetingName(firstName)).toBe(expected);
  });
});
