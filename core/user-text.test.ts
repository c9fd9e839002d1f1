import { describe, expect, it } from 'vitest';
import { normaliseUserText, tooLongMessage, truncateText, userTextSchema } from './user-text.ts';

describe('normaliseUserText', () => {
  it('composes to NFC', () => {
    expect(normaliseUserText('Zoe\u0301')).toBe('Zoé');
    expect(normaliseUserText('Zoe\u0301')).toHaveLength(3);
  });

  it('removes every bidi embedding, override, isolate and mark', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(normaliseUserText(`ev${controls}il`)).toBe('evil');
    expect(normaliseUserText('run\u202Expg.exe')).toBe('runxpg.exe');
  });

  it('keeps right-to-left letters themselves', () => {
    expect(normaliseUserText('  שלום عمر ')).toBe('שלום عمر');
  });

  it('removes control characters and turns line breaks into spaces in single-line text', () => {
    expect(normaliseUserText('Ada\u0000\u0007\u001B\u007F\u0085\u009F Lovelace')).toBe('Ada  Lovelace');
    expect(normaliseUserText('Morning\r\nrun\tlap')).toBe('Morning run lap');
  });

  it('keeps line breaks (as \\n) in multi-line text, at most one empty line in a row', () => {
    expect(normaliseUserText(' Runs.\r\nLoves hills.\u0000\n\n\n\nEnd\t', { multiline: true })).toBe(
      'Runs.\nLoves hills.\n\nEnd',
    );
  });

  it('trims', () => {
    expect(normaliseUserText('\u202E  Ada  ')).toBe('Ada');
  });
});

describe('truncateText', () => {
  it('cuts to the limit without splitting a surrogate pair', () => {
    expect(truncateText('abcdef', 4)).toBe('abcd');
    expect(truncateText('ab', 4)).toBe('ab');
    expect(truncateText('abc😀', 4)).toBe('abc');
  });
});

describe('userTextSchema', () => {
  it('normalises before counting', () => {
    const schema = userTextSchema(3);
    expect(schema.parse(' \u202EAda\u0000 ')).toBe('Ada');
  });

  it('refuses a longer text with the limit in the sentence', () => {
    const result = userTextSchema(3).safeParse('Adam');
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(tooLongMessage(3));
    expect(tooLongMessage(3)).toBe('Use at most 3 characters.');
  });
});
