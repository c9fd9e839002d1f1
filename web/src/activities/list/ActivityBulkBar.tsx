/**
 * The bar over the activity list while rows are selected: "n selected" and the actions on the
 * selection. Each action is one entry of BULK_ACTIONS, a component given the selected ids and a way
 * to send one bulk request (POST /api/activities/bulk); a new action is one more entry. Counts are
 * written in the reader's locale (lib/format.ts).
 */
import DeleteIcon from '@mui/icons-material/Delete';
import { Alert, Button, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { useState, type ComponentType, type FormEvent } from 'react';
import { ACTIVITY_BULK_TEXTS, type ActivityBulkAction } from '../../../../core/activity/activity-bulk.ts';
import { UPLOAD_ACTIVITY_TYPES } from '../../../../core/activity/parsed.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormDialog } from '../../components/FormDialog.tsx';
import { GearSelect } from '../../components/GearSelect.tsx';
import { ACTIVITY_TYPE_LABELS } from '../../lib/activity-format.ts';
import { formatNumber } from '../../lib/format.ts';
import { runnerTimeZone } from '../../lib/time-zone.ts';

export interface BulkActionProps {
  ids: readonly string[];
  pending: boolean;
  /** The last request's refusal, in the server's words. */
  error: Error | null;
  /** Sends the request; `onSent` runs once it succeeded. */
  send: (action: ActivityBulkAction, onSent?: () => void) => void;
  /** Forgets the last request's refusal (a dialog opening afresh). */
  reset: () => void;
}

function DeleteSelected({ ids, pending, error, send, reset }: BulkActionProps) {
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <Button
        size="small"
        color="error"
        startIcon={<DeleteIcon />}
        disabled={pending}
        onClick={() => setConfirming(true)}
      >
        {ACTIVITY_BULK_TEXTS.deleteButton}
      </Button>
      <ConfirmDialog
        open={confirming}
        title={ACTIVITY_BULK_TEXTS.confirmTitle(ids.length, formatNumber)}
        confirmLabel={ACTIVITY_BULK_TEXTS.confirmButton}
        confirmIcon={<DeleteIcon />}
        action={{ isPending: pending, error: confirming ? error : null, reset }}
        onConfirm={() => send({ action: 'delete', ids: [...ids] }, () => setConfirming(false))}
        onClose={() => setConfirming(false)}
      >
        {ACTIVITY_BULK_TEXTS.confirmBody}
      </ConfirmDialog>
    </>
  );
}

function RetypeSelected({ ids, pending, send }: BulkActionProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        size="small"
        color="inherit"
        disabled={pending}
        aria-haspopup="menu"
        aria-expanded={anchor !== null}
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        Change type
      </Button>
      <Menu
        open={anchor !== null}
        anchorEl={anchor}
        onClose={() => setAnchor(null)}
        slotProps={{ list: { 'aria-label': ACTIVITY_BULK_TEXTS.retypeLabel } }}
      >
        {UPLOAD_ACTIVITY_TYPES.map((type) => (
          <MenuItem
            key={type}
            onClick={() => {
              setAnchor(null);
              send({ action: 'retype', ids: [...ids], type, timeZone: runnerTimeZone() });
            }}
          >
            {ACTIVITY_TYPE_LABELS[type]}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

/** One gear (or none) for the whole selection; Strava's own activities make the server refuse. */
function GearSelected({ ids, pending, error, send, reset }: BulkActionProps) {
  const [open, setOpen] = useState(false);
  const [gearId, setGearId] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ action: 'gear', ids: [...ids], gearId }, () => setOpen(false));
  };
  return (
    <>
      <Button size="small" color="inherit" disabled={pending} aria-haspopup="dialog" onClick={() => setOpen(true)}>
        {ACTIVITY_BULK_TEXTS.gearButton}
      </Button>
      <FormDialog
        open={open}
        title={ACTIVITY_BULK_TEXTS.gearTitle(ids.length, formatNumber)}
        submitLabel={ACTIVITY_BULK_TEXTS.gearConfirm}
        pending={pending}
        onClose={() => setOpen(false)}
        resetOnOpen={[{ reset }, { reset: () => setGearId(null) }]}
        onSubmit={submit}
        maxWidth="xs"
      >
        <Stack spacing={2} sx={{ pt: 1 }}>
          <GearSelect
            fullWidth
            size="medium"
            label={ACTIVITY_BULK_TEXTS.gearLabel}
            value={gearId}
            disabled={pending}
            onChange={setGearId}
          />
          {open && error && <Alert severity="error">{error.message}</Alert>}
        </Stack>
      </FormDialog>
    </>
  );
}

/** The actions on a selection, in the bar's order. */
export const BULK_ACTIONS: readonly { key: string; Action: ComponentType<BulkActionProps> }[] = [
  { key: 'retype', Action: RetypeSelected },
  { key: 'gear', Action: GearSelected },
  { key: 'delete', Action: DeleteSelected },
];

export function ActivityBulkBar(props: BulkActionProps) {
  return (
    <Stack
      direction="row"
      spacing={1}
      useFlexGap
      role="toolbar"
      aria-label="Selected activities"
      sx={{ alignItems: 'center', flexWrap: 'wrap', px: 2, py: 1, bgcolor: 'action.selected' }}
    >
      <Typography variant="body2" sx={{ fontWeight: 600, mr: 'auto' }} aria-live="polite">
        {ACTIVITY_BULK_TEXTS.selected(props.ids.length, formatNumber)}
      </Typography>
      {BULK_ACTIONS.map(({ key, Action }) => (
        <Action key={key} {...props} />
      ))}
    </Stack>
  );
}
