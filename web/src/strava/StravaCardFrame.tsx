/** The Strava card's frame: Strava's dot, the heading and a chip beside it, then the content. */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { ACCOUNT_SECTION_PADDING } from '../components/AccountSection.tsx';
import { STRAVA_ORANGE } from '../lib/strava-brand.ts';

/** Where the card is: on the dashboard, or a section of Account Settings (with "Disconnect"). */
export type StravaCardVariant = 'dashboard' | 'account';

export function StravaCardFrame({
  variant,
  children,
  chip,
}: {
  variant: StravaCardVariant;
  children: ReactNode;
  chip?: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby="strava-card-title">
      {/* The dashboard's cards and Account Settings' sections each keep their own padding. */}
      <CardContent sx={variant === 'account' ? ACCOUNT_SECTION_PADDING : undefined}>
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 1 }}>
          <Box aria-hidden sx={{ width: 10, height: 10, borderRadius: '50%', bgcolor: STRAVA_ORANGE, flexShrink: 0 }} />
          <Typography id="strava-card-title" variant="h6" component="h2">
            Strava
          </Typography>
          {chip}
        </Stack>
        {children}
      </CardContent>
    </Card>
  );
}
