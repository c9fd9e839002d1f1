/**
 * "Edited": what the runner corrected of the file's figures, each with the file's own value in the
 * reader's units and locale, what the correction hides (splits, best efforts), and "Revert to the
 * file" (core/activity/activity-corrections.ts).
 */
import { Alert, AlertTitle, Box, Button, CircularProgress } from '@mui/material';
import { ACTIVITY_CORRECTION_TEXTS } from '../../../../core/activity/activity-corrections.ts';
import { formatActivityDistance } from '../../../../core/activity/activity-figures.ts';
import type { ActivityDetail, CorrectedField } from '../../../../core/activity/schemas.ts';
import type { UnitSystem } from '../../../../core/unit-system.ts';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import { formatDuration, formatWallDateTime } from '../../lib/format.ts';
import { useRevertActivity } from '../activities-api.ts';

type FileValues = NonNullable<ActivityDetail['correction']>['file'];

function fileValue(field: CorrectedField, file: FileValues, units: UnitSystem): string {
  switch (field) {
    case 'start':
      return `${formatWallDateTime(file.startDateLocal)} ${file.timezone}`;
    case 'distance':
      return formatActivityDistance(file, units);
    case 'time':
      return formatDuration(file.elapsedTime);
    case 'movingTime':
      return formatDuration(file.movingTime);
    case 'type':
      return ACTIVITY_TYPE_LABELS[file.type];
  }
}

export function CorrectionNotice({ activity, units }: { activity: ActivityDetail; units: UnitSystem }) {
  const revert = useRevertActivity(activity.id);
  const { correction } = activity;
  if (!correction) {
    return null;
  }
  const texts = ACTIVITY_CORRECTION_TEXTS;
  const changes = correction.fields.map((field) =>
    texts.change(texts.fieldLabels[field], fileValue(field, correction.file, units)),
  );
  const effortsLeftOut = correction.fields.some((field) => ['distance', 'time', 'movingTime'].includes(field));
  return (
    <Alert severity="info" role="status">
      <AlertTitle>{texts.editedChip}</AlertTitle>
      {texts.edited(changes)}
      {correction.splitsHidden && ` ${texts.splitsHidden}`}
      {effortsLeftOut && ` ${texts.effortsLeftOut}`}
      {revert.error && ` ${revert.error.message}`}
      <Box sx={{ mt: 1 }}>
        <Button
          color="inherit"
          size="small"
          variant="outlined"
          disabled={revert.isPending}
          startIcon={revert.isPending ? <CircularProgress size={14} color="inherit" /> : undefined}
          onClick={() => revert.mutate()}
        >
          {texts.revertButton}
        </Button>
      </Box>
    </Alert>
  );
}
