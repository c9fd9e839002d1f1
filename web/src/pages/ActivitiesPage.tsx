/**
 * /activities: every activity, newest first (spec §7 "sorted by startDate descending"), filtered by
 * exact type, by source (uploaded or Strava, once Strava is in play) and by an inclusive range of
 * local dates (spec §5 "Activity list filters"), searched by name and sorted from the column
 * headers, one numbered page of 50 at a time so 10,000 activities never become 10,000 rows.
 * Filters, search, order and page live in the URL (useActivityListUrl). The Calendar view shows one
 * month in whole weeks (its activities in one request: the list query over the shown dates, the
 * neighbouring months' days of the first and last rows included, up to 200) with previous and next
 * month; type, source and search filters narrow it too. New runners can add and remove the
 * placeholder sample runs (spec §4 "Activity data lifecycle"), and add an activity by hand (a
 * treadmill run without a file).
 */
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/Upload';
import {
  Alert,
  Box,
  Button,
  Card,
  CircularProgress,
  LinearProgress,
  Skeleton,
  Stack,
  ToggleButton,
  ToggleButtonGroup,
} from '@mui/material';
import { useState } from 'react';
import { ACTIVITY_BULK_TEXTS, type ActivityBulkAction } from '../../../core/activity/activity-bulk.ts';
import { ACTIVITY_EDIT_TEXTS } from '../../../core/activity/activity-edit.ts';
import { ACTIVITY_PAGE_SIZE, ACTIVITY_PAGE_SIZE_MAX } from '../../../core/activity/schemas.ts';
import { localDate } from '../../../core/activity/time-zone.ts';
import { useActivityPage, useBulkChangeActivities, useRemoveSampleActivities } from '../activities/activities-api.ts';
import { ActivityBulkBar } from '../activities/list/ActivityBulkBar.tsx';
import { ActivitiesEmptyState } from '../activities/list/ActivitiesEmptyState.tsx';
import { ActivityCalendar } from '../activities/list/ActivityCalendar.tsx';
import { ActivityFilters } from '../activities/list/ActivityFilters.tsx';
import { ActivityPager } from '../activities/list/ActivityPager.tsx';
import { ActivityTable } from '../activities/list/ActivityTable.tsx';
import { calendarRange } from '../activities/list/month-calendar.ts';
import { useActivityListUrl } from '../activities/list/use-activity-list-url.ts';
import { ManualActivityDialog } from '../activities/ManualActivityDialog.tsx';
import { UploadDialog } from '../activities/UploadDialog.tsx';
import { PageHeader } from '../components/PageHeader.tsx';
import { useUnits } from '../lib/use-units.ts';
import { firstDayOfWeek, formatNumber } from '../lib/format.ts';
import { runnerTimeZone } from '../lib/time-zone.ts';
import { useStravaStatus } from '../strava/strava-api.ts';

export default function ActivitiesPage() {
  const url = useActivityListUrl();
  const [uploading, setUploading] = useState(false);
  const [addingManual, setAddingManual] = useState(false);
  const removeSamples = useRemoveSampleActivities();
  const { units } = useUnits();
  const strava = useStravaStatus();
  // The source filter matters once Strava has brought activities (or was asked for in the URL).
  const showSourceFilter =
    url.source !== undefined || Boolean(strava.data && (strava.data.connected || strava.data.activityCount > 0));

  const calendar = url.view === 'calendar';
  // The calendar's month: the URL's, else this month where the runner is.
  const [thisMonth] = useState(() => localDate(Date.now(), runnerTimeZone()).slice(0, 7));
  const month = url.month ?? thisMonth;
  const list = useActivityPage(url.query, !calendar);
  const monthList = useActivityPage(
    {
      ...url.query,
      ...calendarRange(month, firstDayOfWeek()),
      sort: 'date',
      order: 'asc',
      page: 1,
      limit: ACTIVITY_PAGE_SIZE_MAX,
    },
    calendar,
  );
  // The newest unfiltered page: the samples are dated 1–3 days ago, so if any exist they show here.
  const newest = useActivityPage({ limit: ACTIVITY_PAGE_SIZE });
  const hasSamples = newest.data?.items.some((activity) => activity.source === 'placeholder') ?? false;
  const items = list.data?.items ?? [];

  // The selection belongs to the list it was made in: another page, filter or order starts empty.
  const listKey = JSON.stringify(url.query);
  const [selection, setSelection] = useState<{ listKey: string; ids: ReadonlySet<string> }>({
    listKey,
    ids: new Set(),
  });
  const selected = selection.listKey === listKey ? selection.ids : new Set<string>();
  const select = (ids: readonly string[], on: boolean) => {
    const next = new Set(selected);
    for (const id of ids) {
      if (on) {
        next.add(id);
      } else {
        next.delete(id);
      }
    }
    setSelection({ listKey, ids: next });
  };
  const bulk = useBulkChangeActivities();
  const [bulkDone, setBulkDone] = useState<string | null>(null);
  const sendBulk = (action: ActivityBulkAction, onSent?: () => void) => {
    setBulkDone(null);
    bulk.mutate(action, {
      onSuccess: (result) => {
        setSelection({ listKey, ids: new Set() });
        setBulkDone(
          result.action === 'delete'
            ? ACTIVITY_BULK_TEXTS.deleted(result.changed, formatNumber)
            : ACTIVITY_BULK_TEXTS.changed(result.changed, formatNumber),
        );
        onSent?.();
      },
    });
  };

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
            <Button variant="outlined" color="inherit" startIcon={<AddIcon />} onClick={() => setAddingManual(true)}>
              {ACTIVITY_EDIT_TEXTS.manualButton}
            </Button>
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
      <ActivityFilters
        url={url}
        showSourceFilter={showSourceFilter}
        onChange={url.setFilter}
        onClear={url.clearFilters}
      />

      <Stack direction="row" sx={{ justifyContent: 'flex-end', mb: 1.5 }}>
        <ToggleButtonGroup
          size="small"
          exclusive
          value={url.view}
          aria-label="Show activities as"
          onChange={(_, view: 'list' | 'calendar' | null) => {
            if (view) {
              url.setView(view, view === 'calendar' ? month : undefined);
            }
          }}
        >
          <ToggleButton value="list">List</ToggleButton>
          <ToggleButton value="calendar">Calendar</ToggleButton>
        </ToggleButtonGroup>
      </Stack>

      {!calendar && bulkDone && (
        <Alert severity="success" sx={{ mb: 2 }} onClose={() => setBulkDone(null)}>
          {bulkDone}
        </Alert>
      )}
      {!calendar && bulk.error && selected.size > 0 && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {bulk.error.message}
        </Alert>
      )}
      {calendar ? (
        monthList.error ? (
          <Alert severity="error">{monthList.error.message}</Alert>
        ) : (
          <Card sx={{ position: 'relative' }}>
            {monthList.isFetching && (
              <LinearProgress
                sx={{ position: 'absolute', top: 0, left: 0, right: 0, height: 2 }}
                aria-label="Loading activities"
              />
            )}
            <ActivityCalendar
              month={month}
              items={monthList.data?.items ?? []}
              units={units}
              onMonth={(next) => url.setView('calendar', next)}
            />
          </Card>
        )
      ) : list.error ? (
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
            <ActivitiesEmptyState filtered={url.filtered || url.page > 1} onUpload={() => setUploading(true)} />
          ) : (
            <>
              {selected.size > 0 && (
                <ActivityBulkBar
                  ids={[...selected]}
                  pending={bulk.isPending}
                  error={bulk.error}
                  send={sendBulk}
                  reset={bulk.reset}
                />
              )}
              <ActivityTable
                items={items}
                units={units}
                sort={url.sort}
                order={url.order}
                onSort={url.setSort}
                selected={selected}
                onSelect={select}
              />
              <ActivityPager
                page={url.page}
                itemCount={items.length}
                total={list.data?.total ?? 0}
                waiting={list.isPlaceholderData}
                onPage={url.goToPage}
              />
            </>
          )}
        </Card>
      )}

      <UploadDialog open={uploading} onClose={() => setUploading(false)} />
      <ManualActivityDialog open={addingManual} onClose={() => setAddingManual(false)} />
    </Box>
  );
}
