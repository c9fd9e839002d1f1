/**
 * Stride's colours, written once: the MUI theme, the brand mark, the map, the charts and the
 * share-card images (drawn on a canvas, outside MUI) all take them from here.
 */
export const PALETTE = {
  /** The brand orange: primary actions, the logo, the route line. */
  brand: '#ff7a3d',
  /** Text on the brand orange. */
  onBrand: '#14100d',
  accent: '#4fd1c5',
  background: '#0e1116',
  panel: '#161b22',
  text: '#f0f6fc',
  textSecondary: '#9aa4b2',
  divider: 'rgba(240, 246, 252, 0.1)',
  white: '#ffffff',
  /** Where a route starts, and where it ends (map markers, share cards). */
  routeStart: '#3fb950',
  routeEnd: '#f85149',
  heartRate: '#f85149',
  /** The trophy drawn on an earned medallion's metal face (the medals page and the share card). */
  medalInk: 'rgba(14, 17, 22, 0.78)',
  /** Heart-rate zones 1 to 5, as watches colour them: grey, blue, green, orange, red. */
  heartRateZones: ['#8b98a9', '#4493f8', '#3fb950', '#f0883e', '#f85149'],
  /**
   * The share card's paper when the runner's dark mode is off: light page, white panel, dark ink
   * (with dark mode on the card takes the theme's own background, panel and text colours).
   */
  lightCard: {
    background: '#f6f8fa',
    panel: '#ffffff',
    text: '#0e1116',
    textSecondary: '#57606a',
    divider: 'rgba(14, 17, 22, 0.12)',
  },
  /** The running-days heatmap, from no run to the most distance. */
  heatmap: ['rgba(240, 246, 252, 0.06)', '#5b2c17', '#9a431c', '#d75f25', '#ff8a50'],
} as const;
