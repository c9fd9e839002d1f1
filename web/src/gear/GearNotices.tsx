/** The dashboard's word on shoes near their end: one notice per active shoe past 90 % of its retirement distance. */
import { Stack } from '@mui/material';
import { gearNotices } from '../../../core/gear.ts';
import { LinkAlert } from '../components/LinkAlert.tsx';
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
        <LinkAlert key={notice} severity="warning" to="/account#gear" linkText="Gear">
          {notice}
        </LinkAlert>
      ))}
    </Stack>
  );
}
