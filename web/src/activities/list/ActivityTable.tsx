/**
 * The activity list as a table: the name and local date, distance, moving time and pace at every
 * width; elapsed time, average heart rate and climb from md up. Date, distance, moving time and
 * pace sort from their column headers (aria-sort on the sorted one); a row opens its activity.
 * A checkbox per row, and one for the whole page in the header, select rows for the bulk actions.
 * On a phone each row is two lines (a CSS grid over the same cells): the name and date across the
 * whole width, the figures under their headers below, so a name is never cut to "Sample: …".
 */
import {
  Box,
  Checkbox,
  Link,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TableSortLabel,
  type Theme,
} from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import {
  formatActivityDistance,
  formatActivityPace,
  formatElapsedTime,
  formatMovingTime,
} from '../../../../core/activity/activity-figures.ts';
import type { ActivityListSort, ActivitySummary, SortOrder } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { formatHeartRate } from '../../lib/activity-format.ts';
import { formatElevation } from '../../lib/format.ts';
import { VISUALLY_HIDDEN } from '../../lib/visually-hidden.ts';
import { ActivityNameCell } from '../ActivityNameCell.tsx';
import { ActivityTypeIcon } from '../ActivityTypeIcon.tsx';

/** Shown from md up only. */
const WIDE_ONLY = { display: { xs: 'none', md: 'table-cell' } } as const;
const NUMBER = { textAlign: 'right', whiteSpace: 'nowrap', px: { xs: 0.75, md: 1.5 } } as const;

/**
 * Below md the table's rows are grids of these columns (checkbox, name, distance, time, pace); the
 * header keeps one line, a body row puts its name across the columns and the figures on a second.
 */
const PHONE_COLUMNS = '36px minmax(0, 1fr) 68px 64px 76px';
const PHONE_TABLE = (theme: Theme) => ({
  tableLayout: 'fixed',
  width: '100%',
  [theme.breakpoints.down('md')]: {
    display: 'block',
    '& thead, & tbody': { display: 'block' },
    // Cells in a grid row are blockified; those hidden below md stay hidden.
    '& tr': { display: 'grid', gridTemplateColumns: PHONE_COLUMNS, borderBottom: 1, borderColor: 'divider' },
    '& th, & td': { borderBottom: 0 },
  },
});
/** A body row's cells on the phone grid: the checkbox beside both lines, the name across the first. */
const PHONE_CHECKBOX = { gridRow: { xs: '1 / 3', md: 'auto' } } as const;
const PHONE_NAME = { gridColumn: { xs: '2 / 6', md: 'auto' }, pb: { xs: 0, md: 0.75 } } as const;
/** A figure on the phone's second line, under its header (grid column 3, 4 or 5). */
const phoneFigure = (column: number) =>
  ({ gridRow: { xs: 2, md: 'auto' }, gridColumn: { xs: column, md: 'auto' }, pt: { xs: 0.25, md: 0.75 } }) as const;

interface Column {
  key: string;
  label: ReactNode;
  sort?: ActivityListSort;
  /** Column width at xs and md ('auto' takes the rest). */
  width: { xs: number | string; md: number | string };
  wideOnly?: boolean;
}

const COLUMNS: readonly Column[] = [
  { key: 'distance', label: 'Distance', sort: 'distance', width: { xs: 68, md: 96 } },
  {
    key: 'time',
    // The runner's chosen time (Account): the device's timer or Stride's moving time.
    label: 'Time',
    sort: 'time',
    width: { xs: 64, md: 112 },
  },
  { key: 'elapsed', label: 'Elapsed', width: { xs: 0, md: 88 }, wideOnly: true },
  { key: 'pace', label: 'Pace', sort: 'pace', width: { xs: 76, md: 104 } },
  { key: 'heartRate', label: 'Avg HR', width: { xs: 0, md: 84 }, wideOnly: true },
  { key: 'climb', label: 'Climb', width: { xs: 0, md: 80 }, wideOnly: true },
];

interface ActivityTableProps {
  items: readonly ActivitySummary[];
  units: UnitSystem;
  sort: ActivityListSort;
  order: SortOrder;
  onSort: (sort: ActivityListSort) => void;
  selected: ReadonlySet<string>;
  onSelect: (ids: readonly string[], selected: boolean) => void;
}

function SortHeader({
  column,
  label,
  sort,
  order,
  onSort,
}: {
  column: ActivityListSort;
  label: ReactNode;
  sort: ActivityListSort;
  order: SortOrder;
  onSort: (sort: ActivityListSort) => void;
}) {
  const active = sort === column;
  return (
    <TableSortLabel active={active} direction={active ? order : 'desc'} onClick={() => onSort(column)}>
      {label}
    </TableSortLabel>
  );
}

const ariaSort = (active: boolean, order: SortOrder) =>
  active ? (order === 'asc' ? 'ascending' : 'descending') : undefined;

export function ActivityTable({ items, units, sort, order, onSort, selected, onSelect }: ActivityTableProps) {
  const navigate = useNavigate();
  const chosen = items.filter((activity) => selected.has(activity.id)).length;
  return (
    <Table aria-label="Activities" size="small" sx={PHONE_TABLE}>
      <TableHead>
        <TableRow>
          <TableCell padding="checkbox" sx={{ width: { xs: 36, md: 48 } }}>
            <Checkbox
              size="small"
              checked={chosen > 0 && chosen === items.length}
              indeterminate={chosen > 0 && chosen < items.length}
              onChange={(event) =>
                onSelect(
                  items.map((activity) => activity.id),
                  event.target.checked,
                )
              }
              slotProps={{ input: { 'aria-label': 'Select all on this page' } }}
            />
          </TableCell>
          <TableCell sx={{ ...WIDE_ONLY, width: 56 }}>
            <Box component="span" sx={VISUALLY_HIDDEN}>
              Type
            </Box>
          </TableCell>
          <TableCell aria-sort={ariaSort(sort === 'date', order)} sx={{ pl: { xs: 0.5, md: 0 } }}>
            <SortHeader column="date" label="Date" sort={sort} order={order} onSort={onSort} />
          </TableCell>
          {COLUMNS.map((column) => (
            <TableCell
              key={column.key}
              aria-sort={column.sort ? ariaSort(sort === column.sort, order) : undefined}
              sx={{
                ...NUMBER,
                ...(column.wideOnly ? WIDE_ONLY : {}),
                width: column.width,
              }}
            >
              {column.sort ? (
                <SortHeader column={column.sort} label={column.label} sort={sort} order={order} onSort={onSort} />
              ) : (
                column.label
              )}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {items.map((activity) => {
          const to = `/activities/${activity.id}`;
          return (
            <TableRow
              key={activity.id}
              hover
              // The name's own link has already gone there: a second push would make Back land on it again.
              onClick={(event) => {
                if (!event.defaultPrevented) {
                  void navigate(to);
                }
              }}
              selected={selected.has(activity.id)}
              sx={{ cursor: 'pointer', '& td': { typography: 'body2' } }}
            >
              <TableCell padding="checkbox" onClick={(event) => event.stopPropagation()} sx={PHONE_CHECKBOX}>
                <Checkbox
                  size="small"
                  checked={selected.has(activity.id)}
                  onChange={(event) => onSelect([activity.id], event.target.checked)}
                  slotProps={{ input: { 'aria-label': `Select ${activity.name}` } }}
                />
              </TableCell>
              <TableCell sx={{ ...WIDE_ONLY, color: 'primary.main' }}>
                <ActivityTypeIcon type={activity.type} />
              </TableCell>
              <TableCell sx={{ pl: { xs: 0.5, md: 0 }, overflow: 'hidden', ...PHONE_NAME }}>
                <Link component={RouterLink} to={to} underline="none" color="inherit" sx={{ display: 'block' }}>
                  <ActivityNameCell activity={activity} wrap />
                </Link>
              </TableCell>
              <TableCell sx={{ ...NUMBER, ...phoneFigure(3) }}>{formatActivityDistance(activity, units)}</TableCell>
              <TableCell sx={{ ...NUMBER, ...phoneFigure(4) }}>{formatMovingTime(activity)}</TableCell>
              <TableCell sx={{ ...NUMBER, ...WIDE_ONLY }}>{formatElapsedTime(activity)}</TableCell>
              <TableCell sx={{ ...NUMBER, ...phoneFigure(5) }}>{formatActivityPace(activity, units)}</TableCell>
              <TableCell sx={{ ...NUMBER, ...WIDE_ONLY }}>{formatHeartRate(activity.averageHeartrate)}</TableCell>
              <TableCell sx={{ ...NUMBER, ...WIDE_ONLY }}>{formatElevation(activity.elevationGain, units)}</TableCell>
            </TableRow>
          );
        })}
      </TableBody>
    </Table>
  );
}
