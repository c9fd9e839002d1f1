import { describe, expect, it } from 'vitest';
import { createSecretBox } from './secret-box.ts';

const SECRET = 'a'.repeat(40);

describe('secret box', () => {
  it('opens what it sealed, and never stores the plain text', () => {
    const box = createSecretBox(SECRET);
    const sealed = box.seal('refresh-token-0123456789', 'strava:refresh');
    expect(sealed).not.toContain('refresh-token');
    expect(sealed.startsWith('v1.')).toBe(true);
    expect(box.open(sealed, 'strava:refresh')).toBe('refresh-token-0123456789');
  });

  it('seals the same value differently each time', () => {
    const box = createSecretBox(SECRET);
    expect(box.seal('x', 'p')).not.toBe(box.seal('x', 'p'));
  });

  it('refuses another secret, another purpose and a changed byte', () => {
    const sealed = createSecretBox(SECRET).seal('token', 'strava:access');
    expect(() => createSecretBox('b'.repeat(40)).open(sealed, 'strava:access')).toThrow();
    expect(() => createSecretBox(SECRET).open(sealed, 'strava:refresh')).toThrow();
    const flipped = `${sealed.slice(0, 20)}${sealed[20] === 'A' ? 'B' : 'A'}${sealed.slice(21)}`;
    expect(() => createSecretBox(SECRET).open(flipped, 'strava:access')).toThrow();
    expect(() => createSecretBox(SECRET).open('plain text', 'strava:access')).toThrow('Not a sealed value');
  });
});
