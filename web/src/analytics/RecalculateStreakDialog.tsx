/**
 * The forced streak recalculation's confirmation (spec §4 Streak: back to 1/1), saying which count
 * starts over and what it leaves alone.
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { STRIDE_STREAK_TEXTS } from '../../../core/medals/stride-streak-texts.ts';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useRecalculateStreak } from './analytics-api.ts';

export function RecalculateStreakDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const recalculate = useRecalculateStreak();
  return (
    <ConfirmDialog
      open={open}
      title={STRIDE_STREAK_TEXTS.recalculateTitle}
      confirmLabel={STRIDE_STREAK_TEXTS.recalculateConfirm}
      confirmIcon={<RestartAltIcon />}
      pending={recalculate.isPending}
      error={recalculate.error}
      onConfirm={() => recalculate.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
      onOpen={() => recalculate.reset()}
    >
      {STRIDE_STREAK_TEXTS.recalculateBody}
    </ConfirmDialog>
  );
}
