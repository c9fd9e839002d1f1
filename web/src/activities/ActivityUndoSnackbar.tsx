/**
 * "Activity deleted · Undo" at the bottom of the screen for ACTIVITY_UNDO_OFFER_MS after a
 * deletion, wherever the runner went; Undo puts the activity back (core/activity/activity-undo.ts)
 * and says so, or says why it could not.
 */
import { Alert, Button, Snackbar } from '@mui/material';
import { useState } from 'react';
import { ACTIVITY_UNDO_OFFER_MS, ACTIVITY_UNDO_TEXTS } from '../../../core/activity/activity-undo.ts';
import { useRestoreActivity } from './activities-api.ts';
import { clearUndoOffer, useUndoOffer } from './undo-offer.ts';

/** How long "Activity restored." or the reason it was not stays. */
const OUTCOME_MS = 4000;

export function ActivityUndoSnackbar() {
  const offer = useUndoOffer();
  const restore = useRestoreActivity();
  const [outcome, setOutcome] = useState<{ severity: 'success' | 'error'; text: string } | null>(null);

  const undo = (activityId: string) => {
    clearUndoOffer();
    restore.mutate(activityId, {
      onSuccess: () => setOutcome({ severity: 'success', text: ACTIVITY_UNDO_TEXTS.restored }),
      onError: (error) => setOutcome({ severity: 'error', text: error.message }),
    });
  };

  return (
    <>
      <Snackbar
        key={offer?.serial}
        open={offer !== null}
        autoHideDuration={ACTIVITY_UNDO_OFFER_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') {
            clearUndoOffer();
          }
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
        message={ACTIVITY_UNDO_TEXTS.deleted}
        action={
          offer && (
            <Button color="primary" size="small" onClick={() => undo(offer.activityId)}>
              {ACTIVITY_UNDO_TEXTS.undo}
            </Button>
          )
        }
      />
      <Snackbar
        open={outcome !== null}
        autoHideDuration={OUTCOME_MS}
        onClose={(_event, reason) => {
          if (reason !== 'clickaway') {
            setOutcome(null);
          }
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        {outcome ? (
          <Alert severity={outcome.severity} variant="filled" onClose={() => setOutcome(null)}>
            {outcome.text}
          </Alert>
        ) : undefined}
      </Snackbar>
    </>
  );
}
