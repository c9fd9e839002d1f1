/**
 * /activities: every activity, newest first (spec §7 "sorted by startDate descending"), filtered by
 * exact type, by source (uploaded or Strava, once Strava is in play) and by an inclusive range of
 * local dates (spec §5 "Activity list filters"), one page
 * of 50 at a time behind the server's cursor so 10,000 activities never become 10,000 rows. Filters
 * and the page live in the URL; the cursors of earlier pages ride in the history entry's state, so
 * Back from an activity returns to the same page. New runners can add and remove the placeholder
 * sample runs (spec §4 "Activity data lifecycle").
 */
import AddIcon from '@mui/icons-material/Add';
import ChevronLeftIcon from '@mui/icons-material/ChevronLeft';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  LinearProgress,
  List,
  ListItemButton,
  Skeleton,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useSearchParams } from 'react-router';
import { UPLOAD_ACTIVITY_TYPES, type UploadActivityType } from '../../../core/activity/parsed.ts';
import {
  ACTIVITY_LIST_SOURCES,
  ACTIVITY_PAGE_SIZE,
  type ActivityListQuery,
  type ActivitySummary,
} from '../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../core/profile.ts';
import { formatDistance, formatElevation } from '../../../core/units.ts';
import { useActivityPage, useAddSampleActivities, useRemoveSampleActivities } from '../activities/activities-api.ts';
import { ACTIVITY_SOURCE_LABELS, ACTIVITY_TYPE_LABELS } from '../activities/activity-format.ts';
import { ActivityNameCell } from '../activities/ActivityNameCell.tsx';
import { ActivityTypeIcon } from '../activities/ActivityTypeIcon.tsx';
import { UploadDialog } from '../activities/UploadDialog.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useProfile } from '../profile/profile.ts';
import { useStravaStatus } from '../strava/strava-api.ts';
import { formatActivityPace, formatMovingTime, paceOrSpeedLabel } from '../../../core/activity/activity-figures.ts';

interface HistoryState {
  /** The cursor of every page before this one; '' stands for the first page. */
  previousCursors?: string[];
}

const isoDay = /^\d{4}-\d{2}-\d{2}$/;
const FILTER_KEYS = ['type', 'source', 'from', 'to'] as const;
const ROW_COLUMNS = { xs: '40px 1fr', md: '40px minmax(0, 1fr) 96px 88px 96px 80px' };

function typeParam(value: string | null): UploadActivityType | undefined {
  return UPLOAD_ACTIVITY_TYPES.find((type) => type === value);
}

type ListSource = (typeof ACTIVITY_LIST_SOURCES)[number];

function sourceParam(value: string | null): ListSource | undefined {
  return ACTIVITY_LIST_SOURCES.find((source) => source === value);
}

const SOURCE_FILTER_LABELS: Readonly<Record<ListSource, string>> = {
  upload: 'Uploaded',
  strava: ACTIVITY_SOURCE_LABELS.strava,
};

function Stat({ label, value }: { label: string; value: string }) {
  return (
    <Box component="span" sx={{ textAlign: { md: 'right' }, whiteSpace: 'nowrap' }}>
      <Box component="span" sx={{ display: { md: 'none' }, color: 'text.secondary', mr: 0.5 }}>
        {label}
      </Box>
      {value}
    </Box>
  );
}

function ActivityRow({ activity, units }: { activity: ActivitySummary; units: UnitSystem }) {
  return (
    <ListItemButton
      component={RouterLink}
      to={`/activities/${activity.id}`}
      divider
      sx={{
        display: 'grid',
        gridTemplateColumns: ROW_COLUMNS,
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'center',
        py: 1.25,
      }}
    >
      <Box sx={{ gridRow: { xs: 'span 2', md: 'auto' }, display: 'flex', color: 'primary.main' }}>
        <ActivityTypeIcon type={activity.type} />
      </Box>
      <ActivityNameCell activity={activity} />
      <Box
        sx={{
          display: { xs: 'flex', md: 'contents' },
          flexWrap: 'wrap',
          columnGap: 2,
          rowGap: 0.25,
          typography: 'body2',
          gridColumn: { xs: 2, md: 'auto' },
        }}
      >
        <Stat label="Distance" value={formatDistance(activity.distance, units)} />
        <Stat label="Time" value={formatMovingTime(activity)} />
        <Stat label={paceOrSpeedLabel(activity.type)} value={formatActivityPace(activity, units)} />
        <Stat label="Climb" value={formatElevation(activity.elevationGain, units)} />
      </Box>
    </ListItemButton>
  );
}

function ListHeader() {
  return (
    <Box
      sx={{
        display: { xs: 'none', md: 'grid' },
        gridTemplateColumns: ROW_COLUMNS.md,
        columnGap: 1.5,
        px: 2,
        py: 1,
        borderBottom: 1,
        borderColor: 'divider',
        typography: 'caption',
        color: 'text.secondary',
        textTransform: 'uppercase',
        letterSpacing: 0.5,
        '& > :nth-of-type(n+3)': { textAlign: 'right' },
      }}
    >
      <span />
      <span>Activity</span>
      <span>Distance</span>
      <span>Moving time</span>
      <span>Pace</span>
      <span>Climb</span>
    </Box>
  );
}

function EmptyState({ filtered, onUpload }: { filtered: boolean; onUpload: () => void }) {
  const addSamples = useAddSampleActivities();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="h2">
        {filtered ? 'No activities match these filters' : 'No activities yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
        {filtered
          ? 'Try another type or a wider date range.'
          : 'Upload GPX, FIT or TCX files from your watch or app, or add three sample runs to look around first.'}
      </Typography>
      {!filtered && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" startIcon={<UploadIcon />} onClick={onUpload}>
            Upload activities
          </Button>
          <Button
            variant="outlined"
            startIcon={addSamples.isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
            disabled={addSamples.isPending}
            onClick={() => addSamples.mutate()}
          >
            Add sample runs
          </Button>
        </Stack>
      )}
      {addSamples.error && <Alert severity="error">{addSamples.error.message}</Alert>}
    </Stack>
  );
}

export default function ActivitiesPage() {
  const [params, setParams] = useSearchParams();
  const location = useLocation();
  const [uploading, setUploading] = useState(false);
  const profile = useProfile();
  const removeSamples = useRemoveSampleActivities();
  const units = profile.data?.preferences.unitSystem ?? 'imperial';

  const type = typeParam(params.get('type'));
  const source = sourceParam(params.get('source'));
  const strava = useStravaStatus();
  // The source filter matters once Strava has brought activities (or was asked for in the URL).
  const showSourceFilter =
    source !== undefined || Boolean(strava.data && (strava.data.connected || strava.data.activityCount > 0));
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const cursor = params.get('cursor') ?? undefined;
  const page = cursor ? Math.max(2, Number(params.get('page')) || 2) : 1;
  const previousCursors = (location.state as HistoryState | null)?.previousCursors ?? [];
  const rangeReversed = isoDay.test(from) && isoDay.test(to) && from > to;

  const query: ActivityListQuery = {
    type,
    source,
    from: isoDay.test(from) ? from : undefined,
    to: isoDay.test(to) ? to : undefined,
    cursor,
    limit: ACTIVITY_PAGE_SIZE,
  };
  const list = useActivityPage(query);
  // The newest unfiltered page: the samples are dated 1–3 days ago, so if any exist they show here.
  const newest = useActivityPage({ limit: ACTIVITY_PAGE_SIZE });
  const hasSamples = newest.data?.items.some((activity) => activity.source === 'placeholder') ?? false;
  const filtered = Boolean(type ?? source ?? query.from ?? query.to);

  const filterParams = (changes: Record<string, string | undefined>) => {
    const next: Record<string, string> = {};
    for (const [key, value] of Object.entries({ type, source, from, to, ...changes })) {
      if (value) {
        next[key] = value;
      }
    }
    return next;
  };
  // From the URL as it is now, not as this render saw it: two quick edits must both stick. A new
  // filter starts again at the first page.
  const setFilter = (changes: Record<string, string | undefined>) =>
    setParams(
      (current) => {
        const next: Record<string, string> = {};
        for (const key of FILTER_KEYS) {
          const value = key in changes ? changes[key] : (current.get(key) ?? undefined);
          if (value) {
            next[key] = value;
          }
        }
        return next;
      },
      { replace: true },
    );

  const goNext = () => {
    const nextCursor = list.data?.nextCursor;
    if (!nextCursor) {
      return;
    }
    setParams(
      { ...filterParams({}), cursor: nextCursor, page: String(page + 1) },
      { state: { previousCursors: [...previousCursors, cursor ?? ''] } satisfies HistoryState },
    );
  };
  const goPrevious = () => {
    const previous = previousCursors.at(-1);
    const rest = previousCursors.slice(0, -1);
    // Without the history state (a reloaded deep page) the way back is the first page.
    const target: Record<string, string> = previous ? { cursor: previous, page: String(page - 1) } : {};
    setParams(
      { ...filterParams({}), ...target },
      { state: { previousCursors: previous ? rest : [] } satisfies HistoryState },
    );
  };

  const items = list.data?.items ?? [];
  const total = list.data?.total ?? 0;
  const first = (page - 1) * ACTIVITY_PAGE_SIZE + 1;
  const last = first + items.length - 1;

  return (
    <Box>
      <PageHeader
        title="Activities"
        subtitle="Every activity you have uploaded or synced from Strava, newest first."
        action={
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {hasSamples && (
              <Button
                color="inherit"
                disabled={removeSamples.isPending}
                startIcon={removeSamples.isPending ? <CircularProgress size={16} color="inherit" /> : undefined}
                onClick={() => removeSamples.mutate()}
              >
                Remove sample runs
              </Button>
            )}
            <Button variant="contained" startIcon={<UploadIcon />} onClick={() => setUploading(true)}>
              Upload activities
            </Button>
          </Stack>
        }
      />
      {removeSamples.error && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {removeSamples.error.message}
        </Alert>
      )}

      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: { md: 'wrap' } }}
      >
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          value={type ?? 'all'}
          aria-label="Activity type"
          // Seven types do not fit a phone's width on one line.
          sx={{ flexWrap: 'wrap' }}
          onChange={(_, value: string | null) => {
            if (value !== null) {
              setFilter({ type: value === 'all' ? undefined : value });
            }
          }}
        >
          <ToggleButton value="all" sx={{ px: 2 }}>
            All
          </ToggleButton>
          {UPLOAD_ACTIVITY_TYPES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2, gap: 0.75 }}>
              <ActivityTypeIcon type={value} fontSize="small" titleAccess={undefined} aria-hidden />
              {ACTIVITY_TYPE_LABELS[value]}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
        {showSourceFilter && (
          <ToggleButtonGroup
            exclusive
            color="primary"
            size="small"
            value={source ?? 'all'}
            aria-label="Source"
            onChange={(_, value: string | null) => {
              if (value !== null) {
                setFilter({ source: value === 'all' ? undefined : value });
              }
            }}
          >
            <ToggleButton value="all" sx={{ px: 2 }} aria-label="All sources">
              All
            </ToggleButton>
            {ACTIVITY_LIST_SOURCES.map((value) => (
              <ToggleButton key={value} value={value} sx={{ px: 2 }}>
                {SOURCE_FILTER_LABELS[value]}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'flex-start', flexGrow: 1, minWidth: { md: 320 }, maxWidth: { md: 420 } }}
        >
          <TextField
            label="From"
            type="date"
            size="small"
            value={from}
            onChange={(event) => setFilter({ from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
            error={rangeReversed}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={to}
            onChange={(event) => setFilter({ to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            error={rangeReversed}
          />
        </Stack>
        {filtered && (
          <Button
            color="inherit"
            size="small"
            onClick={() => setParams({}, { replace: true })}
            sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}
          >
            Clear filters
          </Button>
        )}
      </Stack>
      {rangeReversed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The start date is after the end date.
        </Alert>
      )}

      {list.error ? (
        <Alert severity="error">{list.error.message}</Alert>
      ) : (
        <Card sx={{ position: 'relative' }}>
          {list.isFetching && !list.isPending && (
            <LinearProgress
              sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
              aria-label="Loading activities"
            />
          )}
          {list.isPending ? (
            <Stack spacing={1} sx={{ p: 2 }}>
              {[0, 1, 2, 3, 4].map((key) => (
                <Skeleton key={key} variant="rounded" height={48} />
              ))}
            </Stack>
          ) : items.length === 0 ? (
            <EmptyState filtered={filtered || page > 1} onUpload={() => setUploading(true)} />
          ) : (
            <>
              <ListHeader />
              <List disablePadding aria-label="Activities">
                {items.map((activity) => (
                  <ActivityRow key={activity.id} activity={activity} units={units} />
                ))}
              </List>
              <Stack
                direction="row"
                spacing={1}
                sx={{ alignItems: 'center', justifyContent: 'flex-end', px: 2, py: 1.25 }}
              >
                <Typography variant="body2" color="text.secondary" sx={{ mr: 1 }} aria-live="polite">
                  {first}–{last} of {total.toLocaleString('en-US')}
                </Typography>
                <Button
                  size="small"
                  color="inherit"
                  startIcon={<ChevronLeftIcon />}
                  disabled={page === 1 || list.isPlaceholderData}
                  onClick={goPrevious}
                >
                  Previous
                </Button>
                <Button
                  size="small"
                  color="inherit"
                  endIcon={<ChevronRightIcon />}
                  disabled={!list.data?.nextCursor || list.isPlaceholderData}
                  onClick={goNext}
                >
                  Next
                </Button>
              </Stack>
            </>
          )}
        </Card>
      )}

      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
    </Box>
  );
}
