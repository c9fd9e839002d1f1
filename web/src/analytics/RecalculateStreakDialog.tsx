/**
 * The forced streak recalculation's confirmation (spec §4 Streak: back to 1/1).
 */
import RestartAltIcon from '@mui/icons-material/RestartAlt';
import { ConfirmDialog } from '../components/ConfirmDialog.tsx';
import { useRecalculateStreak } from './analytics-api.ts';

export function RecalculateStreakDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const recalculate = useRecalculateStreak();
  return (
    <ConfirmDialog
      open={open}
      title="Recalculate your streak?"
      confirmLabel="Recalculate"
      confirmIcon={<RestartAltIcon />}
      pending={recalculate.isPending}
      error={recalculate.error}
      onConfirm={() => recalculate.mutate(undefined, { onSuccess: onClose })}
      onClose={onClose}
      onOpen={() => recalculate.reset()}
    >
      Your streak starts over from today: current and longest both go back to 1 day.
    </ConfirmDialog>
  );
}
