/**
 * How a medal's colour tier (spec §3 "type": gold, silver or bronze) looks on the dark theme: a
 * metallic gradient for the medallion, a solid tone for borders and text, and a label. The share
 * card draws with the same colours, so a shared medal looks like the one in the trophy case.
 */
import type { MedalTier } from '../../../core/medals/catalogue.ts';

export interface TierStyle {
  label: string;
  /** Text, borders and the progress bar. */
  main: string;
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
    light: '#fbe7a1',
    dark: '#a87a1c',
    wash: 'rgba(232, 193, 90, 0.08)',
    glow: 'rgba(232, 193, 90, 0.35)',
  },
  silver: {
    label: 'Silver',
    main: '#c3ccd6',
    light: '#f1f4f7',
    dark: '#7d8794',
    wash: 'rgba(195, 204, 214, 0.07)',
    glow: 'rgba(195, 204, 214, 0.3)',
  },
  bronze: {
    label: 'Bronze',
    main: '#d3925a',
    light: '#f2c29a',
    dark: '#8a5128',
    wash: 'rgba(211, 146, 90, 0.08)',
    glow: 'rgba(211, 146, 90, 0.35)',
  },
};

/** The CSS gradient of a medallion. */
export function tierGradient(tier: MedalTier): string {
  const style = TIER_STYLES[tier];
  return `linear-gradient(145deg, ${style.light} 0%, ${style.main} 45%, ${style.dark} 100%)`;
}
