/**
 * A path of the spec whose screen is not built yet shows its title and what it will hold — never an
 * error. (Every path of spec §2 has its screen today; this stays the router's fallback.)
 */
import { Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useLocation } from 'react-router';
import { pageTitleForPath } from '../../../core/product.ts';
import { PageHeader } from '../components/PageHeader.tsx';

const SCREENS: Readonly<Record<string, { title?: string; description: string }>> = {};

export default function UpcomingPage() {
  const { pathname } = useLocation();
  const screen = SCREENS[pathname] ?? { description: '' };
  return (
    <Stack
      sx={{
        maxWidth: 880,
        p: 0,
      }}
    >
      <PageHeader title={screen.title ?? pageTitleForPath(pathname)} subtitle={screen.description} />
      <Card>
        <CardContent>
          <Stack sx={{ alignItems: 'center' }} direction="row" spacing={1.5}>
            <Chip label="Not available yet" size="small" />
            <Typography color="text.secondary" variant="body2">
              This part of Stride is being built. Everything you add elsewhere is kept.
            </Typography>
          </Stack>
        </CardContent>
      </Card>
    </Stack>
  );
}
