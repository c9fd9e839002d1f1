/**
 * The small celebration when medals arrive in an open page: a toast with the
 * medallions popping in, the medal titles in their tier colours and a way to the trophy case.
 * It rises at the bottom of the screen, where no page heading or dialog title is (those sit at the
 * top, under the phone's top bar), clear of the phone's home indicator. While a dialog is open it
 * waits, so it never hides the dialog's title or its buttons (Upload's "Done"), and rises once the
 * dialog closes.
 */
import { Alert, Box, Button, Slide, Snackbar, Stack, Typography, type SlideProps } from '@mui/material';
import { alpha, keyframes } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { MedalCard } from '../../../core/medals/api.ts';
import { PALETTE } from '../lib/palette.ts';
import { TIER_STYLES, tierInk } from '../lib/medal-tiers.ts';
import { useDialogOpen } from '../lib/use-dialog-open.ts';
import { Medallion } from './Medallion.tsx';

const CELEBRATION_MS = 7000;
const SHOWN_MEDALLIONS = 3;
/** More titles than this read as "… and 2 more". */
const NAMED_MEDALS = 3;

const pop = keyframes`
  0% { transform: scale(0.4) rotate(-18deg); opacity: 0; }
  60% { transform: scale(1.15) rotate(6deg); opacity: 1; }
  100% { transform: scale(1) rotate(0deg); opacity: 1; }
`;

const shine = keyframes`
  0% { transform: translateX(-120%) skewX(-20deg); }
  100% { transform: translateX(220%) skewX(-20deg); }
`;

function SlideUp(props: SlideProps) {
  return <Slide {...props} direction="up" />;
}

function MedalTitles({ medals }: { medals: readonly MedalCard[] }) {
  const named = medals.length > NAMED_MEDALS ? medals.slice(0, NAMED_MEDALS - 1) : medals;
  const more = medals.length - named.length;
  return (
    <>
      {named.map((medal, index) => (
        <Box component="span" key={medal.medalId}>
          {index > 0 && (index === named.length - 1 && more === 0 ? ' and ' : ', ')}
          <Box component="span" sx={{ color: (theme) => tierInk(medal.type, theme.palette.mode), fontWeight: 700 }}>
            {medal.title}
          </Box>
        </Box>
      ))}
      {more > 0 && ` and ${more} more`}
    </>
  );
}

export function MedalCelebration({
  medals,
  open,
  onClose,
}: {
  medals: readonly MedalCard[];
  open: boolean;
  onClose: () => void;
}) {
  const first = medals[0];
  const dialogOpen = useDialogOpen();
  return (
    <Snackbar
      open={open && first !== undefined && !dialogOpen}
      autoHideDuration={CELEBRATION_MS}
      onClose={(_, reason) => reason !== 'clickaway' && onClose()}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      slots={{ transition: SlideUp }}
      sx={{ bottom: { xs: 'calc(16px + env(safe-area-inset-bottom))', md: 24 } }}
    >
      <Alert
        icon={false}
        onClose={onClose}
        role="status"
        data-testid="medal-celebration"
        sx={{
          alignItems: 'center',
          bgcolor: 'background.paper',
          border: 1,
          borderColor: first ? `${TIER_STYLES[first.type].main}88` : 'divider',
          boxShadow: first ? `0 8px 32px ${TIER_STYLES[first.type].glow}` : undefined,
          color: 'text.primary',
          maxWidth: 520,
          position: 'relative',
          overflow: 'hidden',
          '&::after': {
            content: '""',
            position: 'absolute',
            inset: 0,
            width: '40%',
            background: `linear-gradient(90deg, transparent, ${alpha(PALETTE.white, 0.08)}, transparent)`,
            animation: `${shine} 1.4s ease-out 0.4s 1 both`,
            pointerEvents: 'none',
          },
        }}
        action={
          <Button component={RouterLink} to="/medals" size="small" color="inherit" onClick={onClose}>
            View
          </Button>
        }
      >
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
          <Stack direction="row" sx={{ flexShrink: 0 }}>
            {medals.slice(0, SHOWN_MEDALLIONS).map((medal, index) => (
              <Box
                key={medal.medalId}
                sx={{
                  ml: index === 0 ? 0 : -1.5,
                  animation: `${pop} 600ms cubic-bezier(0.2, 0.9, 0.3, 1.3) ${index * 120}ms both`,
                }}
              >
                <Medallion tier={medal.type} earned size={40} />
              </Box>
            ))}
          </Stack>
          <Box>
            <Typography variant="body2" sx={{ fontWeight: 600 }}>
              {medals.length === 1 ? 'New medal: ' : `${medals.length} new medals: `}
              <MedalTitles medals={medals} />
            </Typography>
            {medals.length === 1 && first?.value && (
              <Typography variant="caption" color="text.secondary">
                {first.value}
              </Typography>
            )}
          </Box>
        </Stack>
      </Alert>
    </Snackbar>
  );
}
