/**
 * The screens' theme (Account → Theme): dark, light, or the system's (the device's
 * prefers-color-scheme, followed as it changes). Spec §2: the app is dark unless the runner chooses.
 * A module of its own: the sign-in page reads it before any profile code loads.
 */
export const THEMES = ['dark', 'light', 'system'] as const;
export type Theme = (typeof THEMES)[number];
export const DEFAULT_THEME: Theme = 'dark';
