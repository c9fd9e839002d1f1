/** A medal's round face: its tier's metallic gradient with the trophy, or a dashed outline until earned. */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import { Box } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { MedalTier } from '../../../core/medals/catalogue.ts';
import { PALETTE } from '../lib/palette.ts';
import { TIER_STYLES, tierGradient } from '../lib/medal-tiers.ts';

export function Medallion({ tier, earned, size = 52 }: { tier: MedalTier; earned: boolean; size?: number }) {
  return (
    <Box
      aria-hidden
      sx={{
        width: size,
        height: size,
        flexShrink: 0,
        borderRadius: '50%',
        display: 'grid',
        placeItems: 'center',
        background: (theme) => (earned ? tierGradient(tier) : alpha(theme.palette.text.primary, 0.06)),
        border: (theme) => (earned ? 'none' : `1px dashed ${alpha(theme.palette.text.primary, 0.18)}`),
        boxShadow: earned
          ? `0 0 18px ${TIER_STYLES[tier].glow}, inset 0 0 0 3px ${alpha(PALETTE.white, 0.25)}`
          : 'none',
        color: earned ? PALETTE.medalInk : 'text.disabled',
      }}
    >
      <EmojiEventsIcon sx={{ fontSize: size * 0.52 }} />
    </Box>
  );
}
