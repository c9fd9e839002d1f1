/**
 * Account Settings → "Gear": the runner's shoes, bikes and other gear with the distance each has
 * done and a bar towards its retirement distance, retired gear apart below; add, edit, retire and
 * bring back through a dialog, and the default gear of each sport (core/gear.ts).
 */
import { Alert, Box, Button, Chip, Grid, LinearProgress, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { UPLOAD_ACTIVITY_TYPES } from '../../../core/activity/parsed.ts';
import { GEAR_NOTICE_SHARE, GEAR_TEXTS, gearProgressText, retirementShare, type Gear } from '../../../core/gear.ts';
import type { UnitSystem } from '../../../core/unit-system.ts';
import { AccountSection } from '../components/AccountSection.tsx';
import { ACTIVITY_TYPE_LABELS } from '../lib/activity-format.ts';
import { useUnits } from '../lib/use-units.ts';
import { useGear, useSetDefaultGear, useUpdateGear } from '../lib/gear-api.ts';
import { GearDialog } from './GearDialog.tsx';
import { GearSelect } from '../components/GearSelect.tsx';

function GearRow({ gear, units, onEdit }: { gear: Gear; units: UnitSystem; onEdit: () => void }) {
  const update = useUpdateGear();
  const share = retirementShare(gear);
  const details = [GEAR_TEXTS.kindLabels[gear.kind], gear.brand, gear.model].filter((part) => part !== '').join(' · ');
  return (
    <Box component="li" sx={{ py: 1.5, borderTop: 1, borderColor: 'divider', listStyle: 'none' }}>
      {/* On a phone the name takes the first line and the figure with the actions a second. */}
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 0.5, sm: 1 }}
        sx={{ alignItems: { xs: 'stretch', sm: 'center' } }}
      >
        <Box sx={{ flexGrow: 1, minWidth: 0 }}>
          <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{gear.name}</Typography>
          <Typography variant="body2" color="text.secondary">
            {details}
            {gear.stravaGearId !== null && ` · ${GEAR_TEXTS.fromStrava}`}
          </Typography>
        </Box>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexShrink: 0 }} data-testid="gear-row-actions">
          <Typography variant="body2" sx={{ fontVariantNumeric: 'tabular-nums', flexGrow: 1, whiteSpace: 'nowrap' }}>
            {gearProgressText(gear, units)}
          </Typography>
          <Button size="small" onClick={onEdit} aria-label={`Edit ${gear.name}`}>
            Edit
          </Button>
          <Button
            size="small"
            color="inherit"
            disabled={update.isPending}
            onClick={() => update.mutate({ id: gear.id, update: { retired: !gear.retired } })}
            aria-label={`${gear.retired ? GEAR_TEXTS.unretireButton : GEAR_TEXTS.retireButton} ${gear.name}`}
          >
            {gear.retired ? GEAR_TEXTS.unretireButton : GEAR_TEXTS.retireButton}
          </Button>
        </Stack>
      </Stack>
      {share !== null && (
        <LinearProgress
          variant="determinate"
          value={share * 100}
          color={share >= GEAR_NOTICE_SHARE ? 'warning' : 'primary'}
          aria-label={GEAR_TEXTS.barLabel(gear.name)}
          sx={{ mt: 1, height: 6, borderRadius: 3 }}
        />
      )}
      {gear.defaultFor.length > 0 && (
        <Stack direction="row" spacing={0.5} sx={{ mt: 1 }}>
          {gear.defaultFor.map((type) => (
            <Chip key={type} size="small" variant="outlined" label={`Default: ${ACTIVITY_TYPE_LABELS[type]}`} />
          ))}
        </Stack>
      )}
      {update.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {update.error.message}
        </Alert>
      )}
    </Box>
  );
}

function GearDefaults({ gear }: { gear: Gear[] }) {
  const setDefault = useSetDefaultGear();
  const defaultOf = (type: (typeof UPLOAD_ACTIVITY_TYPES)[number]) =>
    gear.find((item) => item.defaultFor.includes(type))?.id ?? null;
  return (
    <Box sx={{ mt: 3 }}>
      <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
        {GEAR_TEXTS.defaultsHeading}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {GEAR_TEXTS.defaultsHelp}
      </Typography>
      <Grid container spacing={2}>
        {UPLOAD_ACTIVITY_TYPES.map((type) => (
          <Grid key={type} size={{ xs: 12, sm: 6, md: 4 }}>
            <GearSelect
              fullWidth
              label={ACTIVITY_TYPE_LABELS[type]}
              value={defaultOf(type)}
              disabled={setDefault.isPending}
              onChange={(gearId) => setDefault.mutate({ type, gearId })}
            />
          </Grid>
        ))}
      </Grid>
      {setDefault.error && (
        <Alert severity="error" sx={{ mt: 1 }}>
          {setDefault.error.message}
        </Alert>
      )}
    </Box>
  );
}

export function GearCard() {
  const { data, error } = useGear();
  const { units } = useUnits();
  const [editing, setEditing] = useState<Gear | null>(null);
  const [open, setOpen] = useState(false);
  const active = data?.gear.filter((item) => !item.retired) ?? [];
  const retired = data?.gear.filter((item) => item.retired) ?? [];
  const edit = (gear: Gear | null) => {
    setEditing(gear);
    setOpen(true);
  };
  return (
    <AccountSection id="gear" title={GEAR_TEXTS.title} description={GEAR_TEXTS.cardHelp}>
      {error && <Alert severity="error">{error.message}</Alert>}
      {!data && !error && <Skeleton variant="rounded" height={120} />}
      {data && (
        <>
          {active.length === 0 && (
            <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
              {GEAR_TEXTS.empty}
            </Typography>
          )}
          <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={GEAR_TEXTS.title}>
            {active.map((gear) => (
              <GearRow key={gear.id} gear={gear} units={units} onEdit={() => edit(gear)} />
            ))}
          </Box>
          <Button variant="outlined" onClick={() => edit(null)} sx={{ mt: 1 }}>
            {GEAR_TEXTS.addButton}
          </Button>
          {retired.length > 0 && (
            <Box sx={{ mt: 3 }}>
              <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
                {GEAR_TEXTS.retiredHeading}
              </Typography>
              <Box component="ul" sx={{ p: 0, m: 0 }} aria-label={GEAR_TEXTS.retiredHeading}>
                {retired.map((gear) => (
                  <GearRow key={gear.id} gear={gear} units={units} onEdit={() => edit(gear)} />
                ))}
              </Box>
            </Box>
          )}
          <GearDefaults gear={data.gear} />
        </>
      )}
      <GearDialog gear={editing} units={units} open={open} onClose={() => setOpen(false)} />
    </AccountSection>
  );
}
