/**
 * The activity list's filters bar (spec §5): a search by name, exact type, source (once Strava is
 * in play), an inclusive range of local dates, and "Clear filters"; a reversed range is pointed out.
 */
import SearchIcon from '@mui/icons-material/Search';
import {
  Alert,
  Button,
  InputAdornment,
  Stack,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  type SxProps,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
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

/**
 * A filter's toggle group: "All" (no filter, `allLabel` its accessible name if given) and then the
 * `children`'s values. A click on the selected button (the group's `null`) changes nothing.
 */
function FilterToggles({
  label,
  value,
  allLabel,
  onPick,
  sx,
  children,
}: {
  label: string;
  value: string | undefined;
  allLabel?: string;
  onPick: (value: string | undefined) => void;
  sx?: SxProps<Theme>;
  children: ReactNode;
}) {
  return (
    <ToggleButtonGroup
      exclusive
      color="primary"
      size="small"
      value={value ?? 'all'}
      aria-label={label}
      sx={sx}
      onChange={(_, picked: string | null) => {
        if (picked !== null) {
          onPick(picked === 'all' ? undefined : picked);
        }
      }}
    >
      <ToggleButton value="all" sx={{ px: 2 }} aria-label={allLabel}>
        All
      </ToggleButton>
      {children}
    </ToggleButtonGroup>
  );
}

/** One end of the date range, kept by the picker from passing the other end. */
function RangeEnd({
  label,
  value,
  limit,
  reversed,
  onPick,
}: {
  label: string;
  value: string;
  limit: { min?: string; max?: string };
  reversed: boolean;
  onPick: (value: string) => void;
}) {
  return (
    <TextField
      label={label}
      type="date"
      size="small"
      value={value}
      onChange={(event) => onPick(event.target.value)}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: limit }}
      error={reversed}
    />
  );
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
        <FilterToggles
          label="Activity type"
          value={type}
          // Seven types do not fit a phone's width on one line.
          sx={{ flexWrap: 'wrap' }}
          onPick={(value) => onChange({ type: value })}
        >
          {UPLOAD_ACTIVITY_TYPES.map((value) => (
            <ToggleButton key={value} value={value} sx={{ px: 2, gap: 0.75 }}>
              <ActivityTypeIcon type={value} fontSize="small" titleAccess={undefined} aria-hidden />
              {ACTIVITY_TYPE_LABELS[value]}
            </ToggleButton>
          ))}
        </FilterToggles>
        {showSourceFilter && (
          <FilterToggles
            label="Source"
            value={source}
            allLabel="All sources"
            onPick={(value) => onChange({ source: value })}
          >
            {ACTIVITY_LIST_SOURCES.map((value) => (
              <ToggleButton key={value} value={value} sx={{ px: 2 }}>
                {SOURCE_FILTER_LABELS[value]}
              </ToggleButton>
            ))}
          </FilterToggles>
        )}
        <Stack
          direction="row"
          spacing={1.5}
          sx={{ alignItems: 'flex-start', flexGrow: 1, minWidth: { md: 320 }, maxWidth: { md: 420 } }}
        >
          <RangeEnd
            label="From"
            value={from}
            limit={{ max: to || undefined }}
            reversed={rangeReversed}
            onPick={(value) => onChange({ from: value })}
          />
          <RangeEnd
            label="To"
            value={to}
            limit={{ min: from || undefined }}
            reversed={rangeReversed}
            onPick={(value) => onChange({ to: value })}
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
