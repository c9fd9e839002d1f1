/**
 * /{username}: the public profile, outside the sidebar layout (spec §2). It shows only what the
 * runner made public — never e-mail, never Strava data (DESIGN.md "Data rules").
 */
import EmojiEventsIcon from '@mui/icons-material/EmojiEvents';
import LocationOnIcon from '@mui/icons-material/LocationOn';
import {
  Alert,
  Avatar,
  Box,
  Button,
  Card,
  CardContent,
  Chip,
  Container,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import type { MedalTier } from '../../../core/medals/catalogue.ts';
import type { PublicProfile } from '../../../core/profile.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { publicProfileTitle, type PublicActivity } from '../../../core/profile-privacy.ts';
import { PRODUCT_NAME, TAGLINE } from '../../../core/product.ts';
import { api, unwrap } from '../api/client.ts';
import { TIER_STYLES } from '../lib/medal-tiers.ts';
import { usePageTitle } from '../lib/page-title.ts';
import { PUBLIC_PROFILE_QUERY_KEY } from '../lib/query-keys.ts';
import { formatDate, formatDistance, formatDuration, formatElevation, formatMonthYear } from '../lib/format.ts';
import { BrandMark } from '../components/BrandMark.tsx';
import { PublicActivityMap } from '../profile/PublicActivityMap.tsx';

function PublicFrame({ children }: { children: React.ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', py: { xs: 3, md: 6 } }}>
      <Container maxWidth="sm">
        <Stack
          direction="row"
          spacing={1.25}
          component={RouterLink}
          to="/"
          sx={{ alignItems: 'center', mb: 4, color: 'inherit', textDecoration: 'none' }}
        >
          <BrandMark size={28} />
          <Typography sx={{ fontWeight: 700 }}>{PRODUCT_NAME}</Typography>
          <Typography variant="body2" color="text.secondary">
            {TAGLINE}
          </Typography>
        </Stack>
        {children}
      </Container>
    </Box>
  );
}

function Totals({ profile, units }: { profile: PublicProfile; units: UnitSystem }) {
  const { totals } = profile;
  const figures = [
    { label: 'Uploads', value: totals.activities.toLocaleString() },
    { label: 'Distance', value: formatDistance(totals.distance, units) },
    { label: 'Time', value: formatDuration(totals.movingTime) },
    { label: 'Climb', value: formatElevation(totals.elevationGain, units) },
  ];
  return (
    <Box
      component="dl"
      aria-label="Totals"
      sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr 1fr', sm: 'repeat(4, 1fr)' }, gap: 2, m: 0 }}
    >
      {figures.map((figure) => (
        <Box key={figure.label} sx={{ textAlign: 'center', display: 'flex', flexDirection: 'column-reverse' }}>
          <Typography component="dt" variant="caption" color="text.secondary">
            {figure.label}
          </Typography>
          <Typography component="dd" variant="h6" sx={{ m: 0 }}>
            {figure.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}

function tierOf(type: string): MedalTier {
  return type === 'gold' || type === 'silver' ? type : 'bronze';
}

function Medals({ profile }: { profile: PublicProfile }) {
  return (
    <Card component="section" aria-labelledby="public-medals-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="public-medals-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Medals
        </Typography>
        {profile.medals.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No medals yet.
          </Typography>
        ) : (
          <Stack
            direction="row"
            useFlexGap
            component="ul"
            aria-label="Medals"
            sx={{ flexWrap: 'wrap', gap: 1, p: 0, m: 0 }}
          >
            {profile.medals.map((medal) => {
              const tier = TIER_STYLES[tierOf(medal.type)];
              return (
                <Chip
                  component="li"
                  key={medal.medalId}
                  icon={<EmojiEventsIcon style={{ color: tier.main }} />}
                  label={medal.title}
                  title={`${tier.label}, earned ${formatDate(medal.earnedAt)}`}
                  variant="outlined"
                  sx={{ borderColor: tier.main }}
                />
              );
            })}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

function RecentActivity({ activity, units }: { activity: PublicActivity; units: UnitSystem }) {
  const figures = [
    formatDistance(activity.distance, units),
    ...(activity.hasTiming ? [formatDuration(activity.movingTime)] : []),
    formatElevation(activity.elevationGain, units),
  ];
  return (
    <Stack component="li" spacing={1} sx={{ listStyle: 'none' }}>
      <Box>
        <Typography component="h3" sx={{ fontWeight: 600 }}>
          {activity.name}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {formatDate(activity.startDate)} · {figures.join(' · ')}
        </Typography>
      </Box>
      {activity.lines.length > 0 && (
        <PublicActivityMap
          lines={activity.lines}
          label={`Map of ${activity.name}, start, end and private places hidden`}
        />
      )}
    </Stack>
  );
}

function RecentActivities({ profile, units }: { profile: PublicProfile; units: UnitSystem }) {
  return (
    <Card component="section" aria-labelledby="public-recent-title">
      <CardContent sx={{ p: { xs: 2.5, md: 3 } }}>
        <Typography id="public-recent-title" variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Recent uploaded activities
        </Typography>
        {profile.recentActivities.length === 0 ? (
          <Typography variant="body2" color="text.secondary">
            No uploaded activities yet.
          </Typography>
        ) : (
          <Stack component="ul" spacing={3} sx={{ p: 0, m: 0 }}>
            {profile.recentActivities.map((activity) => (
              <RecentActivity key={`${activity.startDate}-${activity.name}`} activity={activity} units={units} />
            ))}
          </Stack>
        )}
      </CardContent>
    </Card>
  );
}

export default function PublicProfilePage() {
  const { username } = useParams();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: [...PUBLIC_PROFILE_QUERY_KEY, username],
    queryFn: () => unwrap(api.public.profiles[':username'].$get({ param: { username: username ?? '' } })),
    enabled: username !== undefined,
    retry: false,
  });
  usePageTitle(query.data ? publicProfileTitle(query.data) : null);

  if (username === undefined) {
    return (
      <PublicFrame>
        <Alert severity="info">There is nothing at {pathname}.</Alert>
      </PublicFrame>
    );
  }
  if (query.error) {
    return (
      <PublicFrame>
        <Stack sx={{ alignItems: 'flex-start' }} spacing={2}>
          <Alert severity="info" sx={{ alignSelf: 'stretch' }}>
            {query.error.message}
          </Alert>
          <Button component={RouterLink} to="/" variant="contained">
            Go to your dashboard
          </Button>
        </Stack>
      </PublicFrame>
    );
  }
  const profile = query.data;
  return (
    <PublicFrame>
      <Stack spacing={3}>
        <Card>
          <CardContent sx={{ p: { xs: 3, md: 4 } }}>
            <Stack sx={{ alignItems: 'center', textAlign: 'center' }} spacing={2.5}>
              {profile ? (
                <Avatar
                  src={profile.photoURL || undefined}
                  alt=""
                  sx={{ width: 112, height: 112, fontSize: 44, bgcolor: 'primary.main' }}
                >
                  {(profile.firstName || profile.username).charAt(0).toUpperCase()}
                </Avatar>
              ) : (
                <Skeleton variant="circular" width={112} height={112} />
              )}
              <Box>
                <Typography variant="h4" component="h1">
                  {profile ? profile.name || `@${profile.username}` : <Skeleton width={200} />}
                </Typography>
                <Typography color="text.secondary">@{profile?.username ?? username}</Typography>
              </Box>
              {profile?.location && (
                <Stack sx={{ alignItems: 'center' }} direction="row" spacing={0.5} color="text.secondary">
                  <LocationOnIcon fontSize="small" />
                  <Typography variant="body2">{profile.location}</Typography>
                </Stack>
              )}
              {profile?.bio && <Typography sx={{ whiteSpace: 'pre-line' }}>{profile.bio}</Typography>}
              {profile && (
                <Typography variant="caption" color="text.secondary">
                  Running with {PRODUCT_NAME} since {formatMonthYear(profile.createdAt.slice(0, 10))}
                </Typography>
              )}
              {profile && <Totals profile={profile} units={profile.unitSystem} />}
            </Stack>
          </CardContent>
        </Card>
        {profile && <Medals profile={profile} />}
        {profile && <RecentActivities profile={profile} units={profile.unitSystem} />}
      </Stack>
    </PublicFrame>
  );
}
