/**
 * The activity list's filters bar (spec §5): a search by name, exact type, source (once Strava is
 * in play), an inclusive range of local dates, and "Clear filters"; a reversed range is pointed out.
 */
import SearchIcon from '@mui/icons-material/Search';
import { Alert, Button, InputAdornment, Stack, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { UPLOAD_ACTIVITY_TYPES } from '../../../../core/activity/parsed.ts';
import { ACTIVITY_LIST_SOURCES, ACTIVITY_SEARCH_MAX } from '../../../../core/activity/schemas.ts';
import { ACTIVITY_SOURCE_LABELS, ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';
import type { ActivityListUrl, ListFilterChanges, ListSource } from './activity-list-url.ts';

const SOURCE_FILTER_LABELS: Readonly<Record<ListSource, string>> = {
  upload: 'Uploaded',
  strava: ACTIVITY_SOURCE_LABELS.strava,
};

interface ActivityFiltersProps {
  url: ActivityListUrl;
  showSourceFilter: boolean;
  onChange: (changes: ListFilterChanges) => void;
  onClear: () => void;
}

/** "All" is no filter: the toggle groups' `null` (a click on the selected button) changes nothing. */
function toggled(onPick: (value: string | undefined) => void) {
  return (_: unknown, value: string | null) => {
    if (value !== null) {
      onPick(value === 'all' ? undefined : value);
    }
  };
}

export function ActivityFilters({ url, showSourceFilter, onChange, onClear }: ActivityFiltersProps) {
  const { type, source, from, to, q, filtered, rangeReversed } = url;
  return (
    <>
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        useFlexGap
        sx={{ mb: 2, alignItems: { md: 'center' }, flexWrap: { md: 'wrap' } }}
      >
        <TextField
          type="search"
          size="small"
          label="Search by name"
          value={q}
          onChange={(event) => onChange({ q: event.target.value })}
          sx={{ width: { xs: '100%', md: 260 } }}
          slotProps={{
            htmlInput: { maxLength: ACTIVITY_SEARCH_MAX },
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
          }}
        />
        <ToggleButtonGroup
          exclusive
          color="primary"
          size="small"
          value={type ?? 'all'}
          aria-label="Activity type"
          // Seven types do not fit a phone's width on one line.
          sx={{ flexWrap: 'wrap' }}
          onChange={toggled((value) => onChange({ type: value }))}
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
            onChange={toggled((value) => onChange({ source: value }))}
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
            onChange={(event) => onChange({ from: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: to || undefined } }}
            error={rangeReversed}
          />
          <TextField
            label="To"
            type="date"
            size="small"
            value={to}
            onChange={(event) => onChange({ to: event.target.value })}
            slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: from || undefined } }}
            error={rangeReversed}
          />
        </Stack>
        {filtered && (
          <Button color="inherit" size="small" onClick={onClear} sx={{ alignSelf: { xs: 'flex-start', md: 'center' } }}>
            Clear filters
          </Button>
        )}
      </Stack>
      {rangeReversed && (
        <Alert severity="warning" sx={{ mb: 2 }}>
          The start date is after the end date.
        </Alert>
      )}
    </>
  );
}
