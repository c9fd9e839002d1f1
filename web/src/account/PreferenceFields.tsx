/**
 * Account Settings → "Preferences": unit system, activity time, time zone, theme, e-mail
 * notifications, weekly report.
 */
import {
  FormControl,
  FormControlLabel,
  FormGroup,
  FormHelperText,
  FormLabel,
  Radio,
  RadioGroup,
  Stack,
  Switch,
} from '@mui/material';
import { NO_MAIL_NOTE } from '../../../core/mailings/mail-preferences.ts';
import { ACTIVITY_TIME_HELP, ACTIVITY_TIME_LABELS, ACTIVITY_TIMES, type Preferences } from '../../../core/profile.ts';
import { THEMES, type Theme } from '../../../core/theme.ts';
import { TimeZoneField } from './TimeZoneField.tsx';
import { useSendsMail } from './use-sends-mail.ts';

type SetPreference = <K extends keyof Preferences>(key: K, value: Preferences[K]) => void;

function PreferenceSwitch({
  label,
  checked,
  onChange,
  describedBy,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  describedBy?: string | undefined;
}) {
  return (
    <FormControlLabel
      control={
        <Switch
          checked={checked}
          onChange={(event) => onChange(event.target.checked)}
          slotProps={{ input: describedBy ? { 'aria-describedby': describedBy } : {} }}
        />
      }
      label={label}
    />
  );
}

const NO_MAIL_NOTE_ID = 'no-mail-note';

const THEME_LABELS: Record<Theme, string> = {
  dark: 'Dark (default)',
  light: 'Light',
  system: 'System',
};

export function PreferenceFields({ preferences, set }: { preferences: Preferences; set: SetPreference }) {
  // Said only once the server has answered that it sends no mail (no SMTP configured).
  const noMail = useSendsMail() === false;
  const describedBy = noMail ? NO_MAIL_NOTE_ID : undefined;
  return (
    <Stack spacing={2}>
      <FormControl>
        <FormLabel id="unit-system-label">Unit system</FormLabel>
        <RadioGroup
          aria-labelledby="unit-system-label"
          value={preferences.unitSystem}
          onChange={(event) => set('unitSystem', event.target.value as Preferences['unitSystem'])}
        >
          <FormControlLabel value="imperial" control={<Radio />} label="Imperial (miles, feet)" />
          <FormControlLabel value="metric" control={<Radio />} label="Metric (kilometres, metres)" />
        </RadioGroup>
      </FormControl>
      <FormControl>
        <FormLabel id="activity-time-label">Activity time</FormLabel>
        <RadioGroup
          aria-labelledby="activity-time-label"
          aria-describedby="activity-time-help"
          value={preferences.activityTime}
          onChange={(event) => set('activityTime', event.target.value as Preferences['activityTime'])}
        >
          {ACTIVITY_TIMES.map((choice) => (
            <FormControlLabel key={choice} value={choice} control={<Radio />} label={ACTIVITY_TIME_LABELS[choice]} />
          ))}
        </RadioGroup>
        <FormHelperText id="activity-time-help" sx={{ mx: 0 }}>
          {ACTIVITY_TIME_HELP}
        </FormHelperText>
      </FormControl>
      <TimeZoneField value={preferences.timeZone ?? null} onChange={(zone) => set('timeZone', zone)} />
      <FormControl>
        <FormLabel id="theme-label">Theme</FormLabel>
        <RadioGroup
          aria-labelledby="theme-label"
          aria-describedby="theme-note"
          value={preferences.theme}
          onChange={(event) => set('theme', event.target.value as Theme)}
        >
          {THEMES.map((theme) => (
            <FormControlLabel key={theme} value={theme} control={<Radio />} label={THEME_LABELS[theme]} />
          ))}
        </RadioGroup>
        <FormHelperText id="theme-note" sx={{ mx: 0 }}>
          For every screen, chart, map and share card. System follows your device&apos;s light or dark setting.
        </FormHelperText>
      </FormControl>
      <FormGroup sx={{ gap: 1 }}>
        <PreferenceSwitch
          label="E-mail notifications"
          checked={preferences.emailNotifications}
          onChange={(checked) => set('emailNotifications', checked)}
          describedBy={describedBy}
        />
        <PreferenceSwitch
          label="Weekly report"
          checked={preferences.weeklyReport}
          onChange={(checked) => set('weeklyReport', checked)}
          describedBy={describedBy}
        />
        {noMail && (
          <FormHelperText id={NO_MAIL_NOTE_ID} sx={{ mt: -1, ml: 6 }}>
            {NO_MAIL_NOTE}
          </FormHelperText>
        )}
      </FormGroup>
    </Stack>
  );
}
