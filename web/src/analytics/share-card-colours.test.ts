import { describe, expect, it } from 'vitest';
import { shareCardColours } from './share-card-painting.ts';

describe('shareCardColours', () => {
  it("paints on the theme's dark background, panel and light text with dark mode on", () => {
    expect(shareCardColours(true)).toEqual({
      dark: true,
      background: '#0e1116',
      panel: '#161b22',
      text: '#f0f6fc',
      textSecondary: '#9aa4b2',
      divider: 'rgba(240, 246, 252, 0.1)',
    });
  });

  it('paints on light paper with dark ink with dark mode off', () => {
    expect(shareCardColours(false)).toEqual({
      dark: false,
      background: '#f6f8fa',
      panel: '#ffffff',
      text: '#0e1116',
      textSecondary: '#57606a',
      divider: 'rgba(14, 17, 22, 0.12)',
    });
  });
});
