/**
 * The small label of where an activity came from, wherever it is not obvious: "Strava" in Strava's
 * orange (its brand guidelines ask for its name and colour, never Stride's), "Sample" for the
 * placeholder runs of spec §4, "Example" for the mock runs of spec §8, "Manual" for an activity
 * entered without a file. Uploads carry none in lists.
 */
import { Chip } from '@mui/material';
import { ACTIVITY_EDIT_TEXTS } from '../../../core/activity/activity-edit.ts';
import type { DataActivity } from '../../../core/strava/data-state.ts';
import { STRAVA_ORANGE } from '../lib/strava-brand.ts';
import { ACTIVITY_SOURCE_LABELS } from '../lib/activity-format.ts';

const CHIP_SX = { height: 20, flexShrink: 0 } as const;

export function ActivitySourceChip({
  source,
  inList = true,
}: {
  source: DataActivity['source'];
  /** Lists use a slim chip and leave uploads unmarked; the detail page names every source. */
  inList?: boolean;
}) {
  const size = 'small';
  const sx = inList ? CHIP_SX : {};
  const showUpload = !inList;
  switch (source) {
    case 'strava':
      return (
        <Chip
          label={ACTIVITY_SOURCE_LABELS.strava}
          size={size}
          variant="outlined"
          sx={{ ...sx, color: STRAVA_ORANGE, borderColor: STRAVA_ORANGE, fontWeight: 600 }}
        />
      );
    case 'placeholder':
      return (
        <Chip label={ACTIVITY_SOURCE_LABELS.placeholder} size={size} color="secondary" variant="outlined" sx={sx} />
      );
    case 'mock':
      return <Chip label="Example" size={size} variant="outlined" sx={sx} />;
    case 'manual':
      return (
        <Chip
          label={inList ? ACTIVITY_EDIT_TEXTS.manualChip : ACTIVITY_SOURCE_LABELS.manual}
          size={size}
          variant="outlined"
          sx={sx}
        />
      );
    case 'upload':
      return showUpload ? <Chip label={ACTIVITY_SOURCE_LABELS.upload} size={size} variant="outlined" sx={sx} /> : null;
  }
}
