/**
 * Which theme the screens show. The runner's choice (Account → Theme) is kept with their profile, so
 * it follows them across devices; the last choice seen on this device is remembered (localStorage)
 * for the first paint of the next visit, before the profile arrives, and for visitors.
 * public/theme-boot.js reads the same key before any of the app's scripts load.
 */
import { useSyncExternalStore } from 'react';
import { DEFAULT_THEME, THEMES, type Theme } from '../../../core/theme.ts';
import type { ColorScheme } from '../lib/palette.ts';

export const THEME_STORAGE_KEY = 'stride-theme';
const SYSTEM_LIGHT_QUERY = '(prefers-color-scheme: light)';

function isTheme(value: unknown): value is Theme {
  return (THEMES as readonly unknown[]).includes(value);
}

/** The theme last shown on this device; dark when none was (or storage is blocked). */
export function rememberedTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return isTheme(stored) ? stored : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

export function rememberTheme(choice: Theme): void {
  try {
    localStorage.setItem(THEME_STORAGE_KEY, choice);
  } catch {
    // Storage blocked: the next visit paints dark until the profile arrives.
  }
}

/** "The system's" is light when the device asks for light, and dark otherwise. */
export function colorSchemeOf(choice: Theme, systemPrefersLight: boolean): ColorScheme {
  if (choice === 'system') {
    return systemPrefersLight ? 'light' : 'dark';
  }
  return choice;
}

function subscribeToSystemScheme(onChange: () => void): () => void {
  const query = window.matchMedia(SYSTEM_LIGHT_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/** Whether the device asks for light colours now; a change re-renders at once. */
export function useSystemPrefersLight(): boolean {
  return useSyncExternalStore(subscribeToSystemScheme, () => window.matchMedia(SYSTEM_LIGHT_QUERY).matches);
}
