/**
 * Stride's colours, written once: the MUI themes, the brand mark, the maps, the charts and the
 * share-card images (drawn on a canvas, outside MUI) all take them from here. What differs between
 * the dark theme (the default, spec §2) and the light one is in SCHEMES.
 */
export const PALETTE = {
  /** The brand orange: the logo, the route line, the dark theme's primary actions. */
  brand: '#ff7a3d',
  /** Text on the brand orange. */
  onBrand: '#14100d',
  /** The ink of the brand mark drawn on its orange square, the same in either theme. */
  brandInk: '#0e1116',
  white: '#ffffff',
  /** Where a route starts, and where it ends (map markers, share cards). */
  routeStart: '#3fb950',
  routeEnd: '#f85149',
  heartRate: '#f85149',
  /** The trophy drawn on an earned medallion's metal face (the medals page and the share card). */
  medalInk: 'rgba(14, 17, 22, 0.78)',
  /** Heart-rate zones 1 to 5, as watches colour them: grey, blue, green, orange, red. */
  heartRateZones: ['#8b98a9', '#4493f8', '#3fb950', '#f0883e', '#f85149'],
} as const;

export const COLOR_SCHEMES = ['dark', 'light'] as const;
export type ColorScheme = (typeof COLOR_SCHEMES)[number];

export interface SchemeColours {
  /** Primary actions and links: text on it is `onPrimary`, and it reads as text on the panel. */
  primary: string;
  onPrimary: string;
  accent: string;
  background: string;
  panel: string;
  text: string;
  textSecondary: string;
  divider: string;
  /** Status colours that read as text on the panel and carry `onPrimary`-style white or ink. */
  status?: { error: string; warning: string; info: string; success: string };
  /** The running-days heatmap, from no run to the most distance. */
  heatmap: readonly [string, string, string, string, string];
}

export const SCHEMES: Record<ColorScheme, SchemeColours> = {
  dark: {
    primary: PALETTE.brand,
    onPrimary: PALETTE.onBrand,
    accent: '#4fd1c5',
    background: '#0e1116',
    panel: '#161b22',
    text: '#f0f6fc',
    textSecondary: '#9aa4b2',
    divider: 'rgba(240, 246, 252, 0.1)',
    heatmap: ['rgba(240, 246, 252, 0.06)', '#5b2c17', '#9a431c', '#d75f25', '#ff8a50'],
  },
  // Every ink here keeps 4.5:1 on the background and the panel (WCAG AA), white on the filled ones.
  light: {
    primary: '#b8450f',
    onPrimary: PALETTE.white,
    accent: '#0f766e',
    background: '#f6f8fa',
    panel: '#ffffff',
    text: '#0e1116',
    textSecondary: '#57606a',
    divider: 'rgba(14, 17, 22, 0.12)',
    status: { error: '#cf222e', warning: '#9a5b00', info: '#0969da', success: '#1a7f37' },
    heatmap: ['rgba(14, 17, 22, 0.07)', '#ffd2b8', '#ffa36b', '#e8652a', '#b8450f'],
  },
};
