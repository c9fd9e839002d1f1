/**
 * /medals and /water (spec §2: the same screen, /water titled "Water Bottles (Trophy Case)"): the
 * trophy case — every medal of the catalogue in its order, earned or not, filtered by All, Earned
 * or Not yet. New medals are marked viewed as their cards are seen.
 */
import { Alert, Box, Chip, Grid, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useLocation } from 'react-router';
import { pageTitleForPath } from '../../../core/product.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useTrophyCase } from '../medals/medals-api.ts';
import { MedalTile } from '../medals/MedalTile.tsx';

const FILTERS = [
  { value: 'all', label: 'All' },
  { value: 'earned', label: 'Earned' },
  { value: 'not-yet', label: 'Not yet' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

const GRID_SIZE = { xs: 12, sm: 6, lg: 4, xl: 3 } as const;

export default function MedalsPage() {
  const { pathname } = useLocation();
  const trophyCase = useTrophyCase();
  const [filter, setFilter] = useState<Filter>('all');
  const title = pathname === '/water' ? pageTitleForPath(pathname) : 'Medals';

  const medals = (trophyCase.data?.medals ?? []).filter(
    (medal) => filter === 'all' || medal.earned === (filter === 'earned'),
  );
  const summary = trophyCase.data
    ? `${trophyCase.data.earnedCount} of ${trophyCase.data.catalogueCount} earned`
    : undefined;

  return (
    <Box>
      <PageHeader
        title={title}
        subtitle={
          trophyCase.isPending ? (
            <Skeleton width={140} />
          ) : (
            (summary ?? 'Every medal you have earned, and what it takes to earn the rest.')
          )
        }
        action={
          <Stack direction="row" spacing={1} role="group" aria-label="Show medals">
            {FILTERS.map((option) => (
              <Chip
                key={option.value}
                label={option.label}
                clickable
                color={filter === option.value ? 'primary' : 'default'}
                variant={filter === option.value ? 'filled' : 'outlined'}
                aria-pressed={filter === option.value}
                onClick={() => setFilter(option.value)}
              />
            ))}
          </Stack>
        }
      />
      {trophyCase.error && <Alert severity="error">{trophyCase.error.message}</Alert>}
      {trophyCase.isPending && (
        <Grid container spacing={2}>
          {Array.from({ length: 6 }, (_, index) => (
            <Grid key={index} size={GRID_SIZE}>
              <Skeleton variant="rounded" height={150} />
            </Grid>
          ))}
        </Grid>
      )}
      {trophyCase.data && medals.length === 0 && (
        <Typography color="text.secondary" sx={{ py: 4, textAlign: 'center' }}>
          {filter === 'earned'
            ? 'No medals yet. Upload a run and your first ones will show up here.'
            : 'You have earned every medal. Remarkable.'}
        </Typography>
      )}
      {medals.length > 0 && (
        <Grid container spacing={2}>
          {medals.map((medal) => (
            <Grid key={medal.medalId} size={GRID_SIZE}>
              <MedalTile medal={medal} />
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
