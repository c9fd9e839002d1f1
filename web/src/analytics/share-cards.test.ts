import { describe, expect, it } from 'vitest';
import { wrapText } from './share-cards.ts';

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
});
