/** The list without rows: nothing matches the filters, or nothing yet — upload, or add the sample runs (spec §4). */
import AddIcon from '@mui/icons-material/Add';
import UploadIcon from '@mui/icons-material/Upload';
import { Alert, Button, CircularProgress, Stack, Typography } from '@mui/material';
import { useAddSampleActivities } from '../activities-api.ts';

export function ActivitiesEmptyState({ filtered, onUpload }: { filtered: boolean; onUpload: () => void }) {
  const addSamples = useAddSampleActivities();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 6, px: 2 }}>
      <Typography variant="h6" component="h2">
        {filtered ? 'No activities match these filters' : 'No activities yet'}
      </Typography>
      <Typography color="text.secondary" sx={{ maxWidth: 460 }}>
        {filtered
          ? 'Try another type or a wider date range.'
          : 'Upload GPX, FIT or TCX files from your watch or app, or add three sample runs to look around first.'}
      </Typography>
      {!filtered && (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5}>
          <Button variant="contained" startIcon={<UploadIcon />} onClick={onUpload}>
            Upload activities
          </Button>
          <Button
            variant="outlined"
            startIcon={addSamples.isPending ? <CircularProgress size={16} color="inherit" /> : <AddIcon />}
            disabled={addSamples.isPending}
            onClick={() => addSamples.mutate()}
          >
            Add sample runs
          </Button>
        </Stack>
      )}
      {addSamples.error && <Alert severity="error">{addSamples.error.message}</Alert>}
    </Stack>
  );
}
