/**
 * How a medal's colour tier (spec §3 "type": gold, silver or bronze) looks: a metallic gradient for
 * the medallion, a solid tone for borders, its text in either theme, and a label. The share
 * card draws with the same colours, so a shared medal looks like the one in the trophy case.
 */
import type { MedalTier } from '../../../core/medals/catalogue.ts';
import type { ColorScheme } from './palette.ts';

export interface TierStyle {
  label: string;
  /** Borders, the progress bar, and text in the dark theme. */
  main: string;
  /** Text in the light theme (4.5:1 on its panel). */
  lightInk: string;
  /** The medallion's gradient, light to dark. */
  light: string;
  dark: string;
  /** A faint wash behind an earned card. */
  wash: string;
  /** The halo around an earned medallion. */
  glow: string;
}

export const TIER_STYLES: Readonly<Record<MedalTier, TierStyle>> = {
  gold: {
    label: 'Gold',
    main: '#e8c15a',
    lightInk: '#85600f',
    light: '#fbe7a1',
    dark: '#a87a1c',
    wash: 'rgba(232, 193, 90, 0.08)',
    glow: 'rgba(232, 193, 90, 0.35)',
  },
  silver: {
    label: 'Silver',
    main: '#c3ccd6',
    lightInk: '#5d6673',
    light: '#f1f4f7',
    dark: '#7d8794',
    wash: 'rgba(195, 204, 214, 0.07)',
    glow: 'rgba(195, 204, 214, 0.3)',
  },
  bronze: {
    label: 'Bronze',
    main: '#d3925a',
    lightInk: '#8a5128',
    light: '#f2c29a',
    dark: '#8a5128',
    wash: 'rgba(211, 146, 90, 0.08)',
    glow: 'rgba(211, 146, 90, 0.35)',
  },
};

/** The tier's colour for text (and a share card's ink) in a theme. */
export function tierInk(tier: MedalTier, scheme: ColorScheme): string {
  const style = TIER_STYLES[tier];
  return scheme === 'dark' ? style.main : style.lightInk;
}

/** The CSS gradient of a medallion. */
export function tierGradient(tier: MedalTier): string {
  const style = TIER_STYLES[tier];
  return `linear-gradient(145deg, ${style.light} 0%, ${style.main} 45%, ${style.dark} 100%)`;
}
