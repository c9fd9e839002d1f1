/** The dashboard's word on shoes near their end: one notice per active shoe past 90 % of its retirement distance. */
import { Alert, Button, Stack } from '@mui/material';
import { Link as RouterLink } from 'react-router';
import { gearNotices } from '../../../core/gear.ts';
import { useUnits } from '../lib/use-units.ts';
import { useGear } from '../lib/gear-api.ts';

export function GearNotices() {
  const { data } = useGear();
  const { units } = useUnits();
  const notices = data ? gearNotices(data.gear, units) : [];
  if (notices.length === 0) {
    return null;
  }
  return (
    <Stack spacing={1} sx={{ mb: 2 }}>
      {notices.map((notice) => (
        <Alert
          key={notice}
          severity="warning"
          action={
            <Button component={RouterLink} to="/account#gear" color="inherit" size="small">
              Gear
            </Button>
          }
        >
          {notice}
        </Alert>
      ))}
    </Stack>
  );
}
