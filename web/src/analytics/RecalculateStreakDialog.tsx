/**
 * The forced streak recalculation's confirmation (spec §4 Streak: back to 1/1), saying which count
 * starts over and what it leaves alone.
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { STRIDE_STREAK_TEXTS } from '../../../core/medals/stride-streak-texts.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import type { DialogProps } from '../components/dialog-props.ts';
import { useRecalculateStreak } from './analytics-api.ts';

export function RecalculateStreakDialog(dialog: DialogProps) {
  const recalculate = useRecalculateStreak();
  return (
    <ConfirmDialog
      {...dialog}
      title={STRIDE_STREAK_TEXTS.recalculateTitle}
      confirmLabel={STRIDE_STREAK_TEXTS.recalculateConfirm}
      confirmIcon={<RestartAltIcon />}
      color="primary"
      action={recalculate}
      onConfirm={() => recalculate.mutate(undefined, { onSuccess: dialog.onClose })}
    >
      {STRIDE_STREAK_TEXTS.recalculateBody}
    </ConfirmDialog>
  );
}
