import { describe, expect, it } from 'vitest';
import { shareCardColours } from './share-card-painting.ts';

describe('shareCardColours', () => {
  it("paints on the dark theme's background, panel and light text in the dark theme", () => {
    expect(shareCardColours('dark')).toEqual({
      dark: true,
      background: '#0e1116',
      panel: '#161b22',
      text: '#f0f6fc',
      textSecondary: '#9aa4b2',
      divider: 'rgba(240, 246, 252, 0.1)',
    });
  });

  it('paints on light paper with dark ink in the light theme', () => {
    expect(shareCardColours('light')).toEqual({
      dark: false,
      background: '#f6f8fa',
      panel: '#ffffff',
      text: '#0e1116',
      textSecondary: '#57606a',
      divider: 'rgba(14, 17, 22, 0.12)',
    });
  });
});
