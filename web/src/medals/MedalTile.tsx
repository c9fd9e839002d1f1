/**
 * One medal of the trophy case. Earned: the medallion in its tier colours, the value, the month it
 * was earned (spec §9 "MM/YY"), the run that earned it and a Share button. Not yet: greyed, with
 * what it takes, the spec §4 progress (0 until held) and the rule's count where it has one. A
 * "New" chip until the card has been seen.
 */
import { Box, Card, CardContent, Chip, Fade, LinearProgress, Link, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import { Link as RouterLink } from 'react-router';
import type { MedalCard } from '../../../core/medals/api.ts';
import { formatMedalDate } from '../../../core/medals/format.ts';
import { readerLocale } from '../lib/format.ts';
import { ShareButton } from '../lib/share-cards/ShareButton.tsx';
import { drawMedalCard } from '../lib/share-cards/share-cards.ts';
import { Medallion } from './Medallion.tsx';
import { TIER_STYLES, tierInk } from '../lib/medal-tiers.ts';
import { useMarkViewedWhenSeen } from './use-mark-viewed-when-seen.ts';

export function MedalTile({ medal }: { medal: MedalCard }) {
  const seenRef = useMarkViewedWhenSeen(medal);
  const tier = TIER_STYLES[medal.type];
  const earned = medal.earned;
  return (
    <Card
      ref={seenRef}
      component="article"
      aria-label={`${medal.title}${earned ? ', earned' : ', not yet earned'}${medal.isNew ? ', new' : ''}`}
      sx={{
        height: '100%',
        position: 'relative',
        borderColor: earned ? `${tier.main}66` : 'divider',
        background: earned ? `linear-gradient(160deg, ${tier.wash} 0%, transparent 60%)` : 'transparent',
      }}
    >
      <Fade in={medal.isNew} appear={false} timeout={600} unmountOnExit>
        <Chip
          label="New"
          size="small"
          color="primary"
          sx={{ position: 'absolute', top: 12, right: 12, fontWeight: 700 }}
        />
      </Fade>
      <CardContent sx={{ height: '100%', display: 'flex', flexDirection: 'column', gap: 1.5 }}>
        <Stack direction="row" spacing={1.75} sx={{ alignItems: 'center', pr: medal.isNew ? 6 : 0 }}>
          <Medallion tier={medal.type} earned={earned} />
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="subtitle1"
              component="h2"
              sx={{ fontWeight: 700, lineHeight: 1.25, color: earned ? 'text.primary' : 'text.secondary' }}
            >
              {medal.title}
            </Typography>
            <Typography
              variant="caption"
              sx={{
                color: (theme) => (earned ? tierInk(medal.type, theme.palette.mode) : theme.palette.text.secondary),
                fontWeight: 600,
                letterSpacing: 0.4,
              }}
            >
              {tier.label.toUpperCase()}
            </Typography>
          </Box>
        </Stack>
        {earned ? <EarnedFacts medal={medal} /> : <Requirement medal={medal} />}
      </CardContent>
    </Card>
  );
}

function EarnedFacts({ medal }: { medal: MedalCard }) {
  return (
    <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
      {medal.value && (
        <Typography variant="h6" component="p" sx={{ fontWeight: 600, lineHeight: 1.3 }}>
          {medal.value}
        </Typography>
      )}
      <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-end', justifyContent: 'space-between', mt: 'auto' }}>
        <Typography variant="body2" color="text.secondary" sx={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {medal.earnedAt && `Earned ${formatMedalDate(medal.earnedAt, readerLocale())}`}
          {medal.activityId && (
            <>
              {' · '}
              <Link component={RouterLink} to={`/activities/${medal.activityId}`} color="inherit" underline="always">
                {medal.activityName ?? 'the run'}
              </Link>
            </>
          )}
        </Typography>
        <ShareButton compact label={`Share ${medal.title}`} makeCard={(colours) => drawMedalCard(medal, colours)} />
      </Stack>
    </Stack>
  );
}

function Requirement({ medal }: { medal: MedalCard }) {
  return (
    <Stack spacing={1} sx={{ flexGrow: 1 }}>
      <Typography variant="body2" color="text.secondary">
        {medal.requirement}
      </Typography>
      <Box sx={{ mt: 'auto' }}>
        <LinearProgress
          variant="determinate"
          value={medal.progress}
          aria-label={`${medal.title} progress`}
          sx={{ height: 6, borderRadius: 3, bgcolor: (theme) => alpha(theme.palette.text.primary, 0.08) }}
        />
        {medal.hint && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.75 }}>
            {medal.hint}
          </Typography>
        )}
      </Box>
    </Stack>
  );
}
