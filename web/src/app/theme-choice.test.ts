import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { colorSchemeOf, rememberedTheme, rememberTheme, THEME_STORAGE_KEY } from './theme-choice.ts';

describe('the theme choice', () => {
  beforeEach(() => {
    // This tier runs in Node: the page's storage, as a map.
    const stored = new Map<string, string>();
    vi.stubGlobal('localStorage', {
      getItem: (key: string) => stored.get(key) ?? null,
      setItem: (key: string, value: string) => stored.set(key, value),
    });
  });
  afterEach(() => vi.unstubAllGlobals());

  it("shows dark and light as chosen, and the system's by what the device asks for", () => {
    expect(colorSchemeOf('dark', true)).toBe('dark');
    expect(colorSchemeOf('light', false)).toBe('light');
    expect(colorSchemeOf('system', true)).toBe('light');
    expect(colorSchemeOf('system', false)).toBe('dark');
  });

  it('remembers the last choice on this device, and is dark with none or an unknown one', () => {
    expect(rememberedTheme()).toBe('dark');
    rememberTheme('system');
    expect(rememberedTheme()).toBe('system');
    localStorage.setItem(THEME_STORAGE_KEY, 'sepia');
    expect(rememberedTheme()).toBe('dark');
  });

  it('is dark when the storage is blocked', () => {
    vi.stubGlobal('localStorage', {
      getItem: () => {
        throw new Error('blocked');
      },
    });
    expect(rememberedTheme()).toBe('dark');
  });
});
