/**
 * /{username}: the public profile, outside the sidebar layout (spec §2). It shows only what the
 * runner made public — never e-mail, never Strava data (DESIGN.md "Data rules").
 */
import LocationOnIcon from '@mui/icons-material/LocationOn';
import { Alert, Avatar, Box, Button, Card, CardContent, Container, Skeleton, Stack, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation, useParams } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '../../../core/product.ts';
import { api, unwrap } from '../api/client.ts';
import { PUBLIC_PROFILE_QUERY_KEY } from '../lib/query-keys.ts';
import { formatMonthYear } from '../lib/format.ts';
import { BrandMark } from '../components/BrandMark.tsx';

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

export default function PublicProfilePage() {
  const { username } = useParams();
  const { pathname } = useLocation();
  const query = useQuery({
    queryKey: [...PUBLIC_PROFILE_QUERY_KEY, username],
    queryFn: () => unwrap(api.public.profiles[':username'].$get({ param: { username: username ?? '' } })),
    enabled: username !== undefined,
    retry: false,
  });

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
                {profile.uploadedActivities > 0 &&
                  ` · ${profile.uploadedActivities} uploaded ${profile.uploadedActivities === 1 ? 'activity' : 'activities'}`}
              </Typography>
            )}
          </Stack>
        </CardContent>
      </Card>
    </PublicFrame>
  );
}
