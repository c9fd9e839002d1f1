/**
 * Account Settings → "Public profile": whether /{username} is on (off for a new account, which a
 * line above the switch says; the hint says exactly what a visitor sees, or that the address
 * answers as for no runner), whether it shows the location, and
 * the privacy zones (core/profile-privacy.ts) — a place picked on the map or typed as latitude and
 * longitude, with a radius of 200–1,000 m — cut out of every map the profile shows.
 */
import 'leaflet/dist/leaflet.css';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import {
  Alert,
  Box,
  FormControlLabel,
  IconButton,
  InputAdornment,
  Link,
  List,
  ListItem,
  ListItemText,
  Stack,
  Switch,
  TextField,
  Typography,
} from '@mui/material';
import { useTheme } from '@mui/material/styles';
import { latLngBounds, type LatLngTuple } from 'leaflet';
import { useState, type FormEvent } from 'react';
import { Circle, CircleMarker, MapContainer, TileLayer, useMapEvents } from 'react-leaflet';
import { Link as RouterLink } from 'react-router';
import {
  PRIVACY_ZONE_LIMITS,
  privacyZoneInputSchema,
  PROFILE_PRIVACY_HINTS,
  type PrivacyZone,
} from '../../../core/profile-privacy.ts';
import { useMapTiles } from '../lib/use-map-tiles.ts';
import { mapFrameSx } from '../lib/map-frame.ts';
import { SubmitButton } from '../lib/form-fields.tsx';
import { AccountSection } from '../components/AccountSection.tsx';
import {
  useAddPrivacyZone,
  usePrivacyZones,
  useProfilePrivacy,
  useRemovePrivacyZone,
  useUpdateProfilePrivacy,
} from './profile-privacy-api.ts';
import { formatDecimal, formatNumber } from '../lib/format.ts';

/** Where the picker opens before any zone exists: the whole of Europe and Africa, zoomed out. */
const WORLD_CENTRE: LatLngTuple = [30, 0];

function PrivacySwitches({ username }: { username: string }) {
  const privacy = useProfilePrivacy();
  const update = useUpdateProfilePrivacy();
  const address = `${window.location.origin}/${username}`;
  if (privacy.error) {
    return <Alert severity="error">{privacy.error.message}</Alert>;
  }
  const settings = privacy.data;
  return (
    <Stack spacing={1.5}>
      {settings?.publicProfile === false && (
        <Alert severity="info">{PROFILE_PRIVACY_HINTS.privateNotice(address)}</Alert>
      )}
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={settings?.publicProfile ?? false}
              disabled={!settings || update.isPending}
              onChange={(event) => update.mutate({ publicProfile: event.target.checked })}
            />
          }
          label="Public profile"
        />
        <Typography variant="body2" color="text.secondary" id="public-profile-hint">
          {settings?.publicProfile === false
            ? PROFILE_PRIVACY_HINTS.publicProfileOff(address)
            : PROFILE_PRIVACY_HINTS.publicProfileOn(address)}
        </Typography>
        {settings?.publicProfile && (
          <Link component={RouterLink} to={`/${username}`} variant="body2">
            See your public profile
          </Link>
        )}
      </Box>
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={settings?.showLocation ?? false}
              disabled={!settings || update.isPending || !settings.publicProfile}
              onChange={(event) => update.mutate({ showLocation: event.target.checked })}
            />
          }
          label="Show location"
        />
        <Typography variant="body2" color="text.secondary">
          {PROFILE_PRIVACY_HINTS.showLocation}
        </Typography>
      </Box>
      {update.error && <Alert severity="error">{update.error.message}</Alert>}
    </Stack>
  );
}

function PickOnClick({ onPick }: { onPick: (point: LatLngTuple) => void }) {
  useMapEvents({ click: (event) => onPick([event.latlng.lat, event.latlng.lng]) });
  return null;
}

function ZonePicker({
  zones,
  picked,
  radius,
  onPick,
}: {
  zones: PrivacyZone[];
  picked: LatLngTuple | null;
  radius: number;
  onPick: (point: LatLngTuple) => void;
}) {
  const theme = useTheme();
  const tiles = useMapTiles();
  const places: LatLngTuple[] = zones.map((zone) => [zone.lat, zone.lon]);
  return (
    <Box
      data-testid="privacy-zone-map"
      aria-label="Map: click to pick the place"
      role="region"
      sx={{ height: { xs: 220, md: 260 }, ...mapFrameSx(theme) }}
    >
      <MapContainer
        // A map's bounds are read once: a new or removed zone opens the map again around the zones.
        key={zones.map((zone) => zone.id).join(' ')}
        {...(places.length > 0
          ? { bounds: latLngBounds(places).pad(0.5), boundsOptions: { maxZoom: 14 } }
          : { center: WORLD_CENTRE, zoom: 2 })}
        scrollWheelZoom={false}
      >
        {tiles && <TileLayer url={tiles.url} attribution={tiles.attribution} />}
        {zones.map((zone) => (
          <Circle
            key={zone.id}
            center={[zone.lat, zone.lon]}
            radius={zone.radius}
            pathOptions={{ color: theme.palette.warning.main, weight: 2, fillOpacity: 0.2 }}
          />
        ))}
        {picked && (
          <>
            <Circle
              center={picked}
              radius={radius}
              pathOptions={{ color: theme.palette.primary.main, weight: 2, fillOpacity: 0.15 }}
            />
            <CircleMarker
              center={picked}
              radius={5}
              pathOptions={{ color: theme.palette.primary.main, fillOpacity: 1 }}
            />
          </>
        )}
        <PickOnClick onPick={onPick} />
      </MapContainer>
    </Box>
  );
}

const numberOrNaN = (text: string) => (text.trim() === '' ? Number.NaN : Number(text.trim()));

function PrivacyZones() {
  const zones = usePrivacyZones();
  const add = useAddPrivacyZone();
  const remove = useRemovePrivacyZone();
  const [label, setLabel] = useState('');
  const [lat, setLat] = useState('');
  const [lon, setLon] = useState('');
  const [radius, setRadius] = useState('400');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const list = zones.data ?? [];
  const full = list.length >= PRIVACY_ZONE_LIMITS.maxZones;
  const pickedLat = numberOrNaN(lat);
  const pickedLon = numberOrNaN(lon);
  const picked: LatLngTuple | null =
    Number.isFinite(pickedLat) && Number.isFinite(pickedLon) ? [pickedLat, pickedLon] : null;
  const radiusMetres = numberOrNaN(radius);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = privacyZoneInputSchema.safeParse({ label, lat: pickedLat, lon: pickedLon, radius: radiusMetres });
    if (!parsed.success) {
      const found: Record<string, string> = {};
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0]);
        found[field] ??= issue.message;
      }
      setErrors(found);
      return;
    }
    setErrors({});
    add.mutate(parsed.data, {
      onSuccess: () => {
        setLabel('');
        setLat('');
        setLon('');
      },
    });
  };

  return (
    <Stack spacing={2} sx={{ mt: 3 }}>
      <Box>
        <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600 }}>
          Privacy zones
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {PROFILE_PRIVACY_HINTS.zones}
        </Typography>
      </Box>
      {zones.error && <Alert severity="error">{zones.error.message}</Alert>}
      {list.length > 0 ? (
        <List dense disablePadding aria-label="Privacy zones">
          {list.map((zone) => (
            <ListItem
              key={zone.id}
              disableGutters
              secondaryAction={
                <IconButton
                  edge="end"
                  aria-label={`Remove ${zone.label}`}
                  disabled={remove.isPending}
                  onClick={() => remove.mutate(zone.id)}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              }
            >
              <ListItemText
                primary={zone.label}
                secondary={`${formatNumber(zone.radius)} m around ${formatDecimal(zone.lat, 5)}, ${formatDecimal(zone.lon, 5)}`}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        zones.data && (
          <Typography variant="body2" color="text.secondary">
            No privacy zones yet.
          </Typography>
        )
      )}
      {full ? (
        <Alert severity="info">
          You have marked {PRIVACY_ZONE_LIMITS.maxZones} privacy zones, the most allowed. Remove one to add another.
        </Alert>
      ) : (
        <Box component="form" noValidate onSubmit={submit} aria-label="Add a privacy zone">
          <Stack spacing={2}>
            <ZonePicker
              zones={list}
              picked={picked}
              radius={Number.isFinite(radiusMetres) ? radiusMetres : PRIVACY_ZONE_LIMITS.minRadius}
              onPick={([pickLat, pickLon]) => {
                setLat(pickLat.toFixed(5));
                setLon(pickLon.toFixed(5));
              }}
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Place"
                placeholder="Home"
                value={label}
                onChange={(event) => setLabel(event.target.value)}
                error={errors.label !== undefined}
                helperText={errors.label}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Radius"
                value={radius}
                onChange={(event) => setRadius(event.target.value)}
                error={errors.radius !== undefined}
                helperText={
                  errors.radius ??
                  `${PRIVACY_ZONE_LIMITS.minRadius}–${PRIVACY_ZONE_LIMITS.maxRadius.toLocaleString()} m`
                }
                slotProps={{
                  htmlInput: { inputMode: 'numeric' },
                  input: { endAdornment: <InputAdornment position="end">m</InputAdornment> },
                }}
                sx={{ width: { sm: 180 } }}
              />
            </Stack>
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <TextField
                label="Latitude"
                value={lat}
                onChange={(event) => setLat(event.target.value)}
                error={errors.lat !== undefined}
                helperText={errors.lat ?? 'Click the map, or type it'}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ flex: 1 }}
              />
              <TextField
                label="Longitude"
                value={lon}
                onChange={(event) => setLon(event.target.value)}
                error={errors.lon !== undefined}
                helperText={errors.lon}
                slotProps={{ htmlInput: { inputMode: 'decimal' } }}
                sx={{ flex: 1 }}
              />
            </Stack>
            {add.error && <Alert severity="error">{add.error.message}</Alert>}
            <Box>
              <SubmitButton pending={add.isPending} size="medium">
                Add privacy zone
              </SubmitButton>
            </Box>
          </Stack>
        </Box>
      )}
      {remove.error && <Alert severity="error">{remove.error.message}</Alert>}
    </Stack>
  );
}

export function PublicProfileCard({ username }: { username: string }) {
  return (
    <AccountSection
      id="public-profile"
      title="Public profile"
      description="What anyone may see at your profile's address, and the places cut out of its maps."
    >
      <PrivacySwitches username={username} />
      <PrivacyZones />
    </AccountSection>
  );
}
