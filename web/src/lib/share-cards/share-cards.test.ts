import { describe, expect, it } from 'vitest';
import { wrapText } from './share-card-layout.ts';

/** A monospaced font: every character is 10 px wide, so 100 px holds 10 characters. */
const mono = { measureText: (text: string) => ({ width: text.length * 10 }) as TextMetrics };

describe('wrapText', () => {
  it('keeps a text that fits on one line', () => {
    expect(wrapText(mono, 'Easy run', 100, 2)).toEqual(['Easy run']);
    expect(wrapText(mono, 'Ten chars!', 100, 1)).toEqual(['Ten chars!']);
  });

  it('breaks between words', () => {
    expect(wrapText(mono, 'Morning run', 100, 2)).toEqual(['Morning', 'run']);
  });

  it('collapses runs of white space and ignores it at the ends', () => {
    expect(wrapText(mono, '  a \n  b\t c  ', 100, 2)).toEqual(['a b c']);
  });

  it('cuts the last line it keeps with an ellipsis when there is more', () => {
    expect(wrapText(mono, 'one two three four five six', 100, 2)).toEqual(['one two', 'three fou…']);
    expect(wrapText(mono, 'one two three', 100, 1)).toEqual(['one two …']);
  });

  it('shortens a single word wider than the line', () => {
    expect(wrapText(mono, 'Supercalifragilistic', 100, 1)).toEqual(['Supercali…']);
    expect(wrapText(mono, 'Supercalifragilistic run', 100, 2)).toEqual(['Supercali…', 'run']);
  });

  it('gives no line for no text', () => {
    expect(wrapText(mono, '', 100, 2)).toEqual([]);
    expect(wrapText(mono, '   ', 100, 2)).toEqual([]);
  });

  it('fills each line up to exactly the width', () => {
    expect(wrapText(mono, 'abcd efghi jklm nopqr', 100, 2)).toEqual(['abcd efghi', 'jklm nopqr']);
    expect(wrapText(mono, 'abcd efghij', 100, 2)).toEqual(['abcd', 'efghij']);
  });

  it('cuts a long word on the last line it keeps, with the ellipsis inside the width', () => {
    expect(wrapText(mono, 'one Supercalifragilistic two', 100, 2)).toEqual(['one', 'Supercali…']);
  });

  it('keeps at most the lines it is given and every line within the width', () => {
    const text = 'The long way round the lake and back over the hill in the rain';
    for (const maxLines of [1, 2, 3]) {
      const lines = wrapText(mono, text, 100, maxLines);
      expect(lines).toHaveLength(maxLines);
      expect(lines.every((line) => line.length * 10 <= 100)).toBe(true);
      expect(lines.at(-1)?.endsWith('…')).toBe(true);
    }
  });

  it('measures with the font it is given, not the number of characters', () => {
    // A proportional font: "W" is three times as wide as "i".
    const proportional = {
      measureText: (text: string) =>
        ({ width: [...text].reduce((sum, c) => sum + (c === 'W' ? 30 : 10), 0) }) as TextMetrics,
    };
    expect(wrapText(proportional, 'iiii WWW', 100, 2)).toEqual(['iiii', 'WWW']);
    expect(wrapText(proportional, 'iiii iiii', 100, 2)).toEqual(['iiii iiii']);
  });

  it('leaves at least the ellipsis when the width holds no character', () => {
    expect(wrapText(mono, 'ab', 5, 1)).toEqual(['…']);
  });
});
