/**
 * / and /dashboard: the greeting (spec §1: "Runner" when no first name is known), the totals per
 * sport (runs first, the other sports beside them), today's training, the weather where they run,
 * the Strava connection with its live sync, the newest activities and the way to upload more, and
 * "Make Stride yours" until units and location are set.
 */
import type { UnitSystem } from '../../../core/unit-system.ts';
import DirectionsRunIcon from '@mui/icons-material/DirectionsRun';
import LandscapeIcon from '@mui/icons-material/Landscape';
import ShowChartIcon from '@mui/icons-material/ShowChart';
import StraightenIcon from '@mui/icons-material/Straighten';
import TimerIcon from '@mui/icons-material/Timer';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Box, Button, Card, CardContent, Grid, Skeleton, Stack } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { greetingName } from '../../../core/names.ts';
import { PROFILE_SETUP_TEXTS, settingsToChoose } from '../../../core/profile-setup.ts';
import { TAGLINE } from '../../../core/product.ts';
import {
  formatSportFigure,
  otherSportsLine,
  SPORT_TOTAL_LABELS,
  type SportFigure,
} from '../../../core/activity/sport-totals.ts';
import { useSportTotals } from '../activities/activities-api.ts';
import { RecentActivitiesCard } from '../activities/RecentActivitiesCard.tsx';
import { UploadDialog } from '../activities/UploadDialog.tsx';
import { ActionRow } from '../components/ActionRow.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { StatCard } from '../components/StatCard.tsx';
import { useProfile } from '../lib/profile.ts';
import { useUnits } from '../lib/use-units.ts';
import { UnitsSwitch } from '../profile/UnitsSwitch.tsx';
import { StravaConnectionCard } from '../strava/StravaConnectionCard.tsx';
import { RacePredictionsCard } from '../training/RacePredictionsCard.tsx';
import { TodayTasksCard } from '../training/TodayTasksCard.tsx';
import { WeatherCard } from '../weather/WeatherCard.tsx';
import { GearNotices } from '../gear/GearNotices.tsx';
import { ReadinessCard } from '../wellbeing/ReadinessCard.tsx';

const FIGURE_ICONS: Readonly<Record<SportFigure, ReactNode>> = {
  activities: <DirectionsRunIcon fontSize="small" />,
  distance: <StraightenIcon fontSize="small" />,
  elevation: <LandscapeIcon fontSize="small" />,
  duration: <TimerIcon fontSize="small" />,
};

const FIGURES: readonly SportFigure[] = ['activities', 'distance', 'elevation', 'duration'];

/** The totals per sport: each card a running figure, the other sports' beside it (core/activity/sport-totals.ts). */
function SportTotalsCards({ units }: { units: UnitSystem }) {
  const { data, error } = useSportTotals();
  if (error) {
    return <Alert severity="error">{error.message}</Alert>;
  }
  const run = data?.sports.find((sport) => sport.type === 'run');
  return (
    <Grid container spacing={2}>
      {FIGURES.map((figure) => (
        <Grid key={figure} size={{ xs: 6, lg: 3 }}>
          <StatCard
            icon={FIGURE_ICONS[figure]}
            label={SPORT_TOTAL_LABELS[figure]}
            value={data && run ? formatSportFigure(run, figure, units) : <Skeleton width={80} />}
            detail={data ? otherSportsLine(data.sports, figure, units) : null}
          />
        </Grid>
      ))}
    </Grid>
  );
}

/** Until units and location are set (core/profile-setup.ts): the way to Account Settings. */
function MakeStrideYoursCard() {
  return (
    <Card sx={{ mt: 3 }} data-testid="make-stride-yours">
      <CardContent>
        <ActionRow
          title={PROFILE_SETUP_TEXTS.title}
          text={PROFILE_SETUP_TEXTS.body}
          action={
            <Button component={RouterLink} to="/account" variant="contained" sx={{ flexShrink: 0 }}>
              Account settings
            </Button>
          }
        />
      </CardContent>
    </Card>
  );
}

export default function DashboardPage() {
  const { data: profile, error, isPending } = useProfile();
  const { units } = useUnits();
  const [uploading, setUploading] = useState(false);
  if (error) {
    return <Alert severity="error">{error.message}</Alert>;
  }
  return (
    <Box>
      <PageHeader
        title={isPending ? <Skeleton width={220} /> : `Hi, ${greetingName(profile.firstName)}`}
        subtitle={`Your ${TAGLINE.toLowerCase()}.`}
        action={
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <UnitsSwitch />
            <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Upload activities
            </Button>
          </Stack>
        }
      />
      <GearNotices />
      <SportTotalsCards units={units} />
      <Box sx={{ mt: 2 }}>
        <ReadinessCard />
      </Box>
      <Stack direction="row" sx={{ justifyContent: 'flex-end', mt: 1 }}>
        <Button component={RouterLink} to="/charts" size="small" startIcon={<ShowChartIcon />}>
          Weeks, months and pace in Charts
        </Button>
      </Stack>
      <Box sx={{ mt: 2 }}>
        <TodayTasksCard linkToPlans />
      </Box>
      <Box sx={{ mt: 2 }}>
        <RacePredictionsCard />
      </Box>
      <Box sx={{ mt: 2 }}>
        <WeatherCard location={profile?.location} units={units} onUpload={() => setUploading(true)} />
      </Box>
      <Box sx={{ mt: 2 }}>
        <StravaConnectionCard variant="dashboard" />
      </Box>
      <Box sx={{ mt: 3 }}>
        <RecentActivitiesCard units={units} onUpload={() => setUploading(true)} />
      </Box>
      {profile && settingsToChoose(profile).length > 0 && <MakeStrideYoursCard />}
      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
    </Box>
  );
}
