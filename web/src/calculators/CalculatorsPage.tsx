/**
 * /calculators (open to visitors): pace ↔ time ↔ distance, finish-time predictions (Riegel and
 * VDOT) with training paces, split tables and treadmill speed. Everything typed lives in the URL
 * query, so "Copy link" shares the result. Splits follow the profile's units when signed in
 * (imperial for a visitor), with a km/mi toggle.
 */
import LinkIcon from '@mui/icons-material/Link';
import { Button, Snackbar, Stack, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { pageTitleForPath } from '../../../core/product.ts';
import { PageHeader } from '../components/PageHeader.tsx';
import { useUnits } from '../lib/use-units.ts';
import { distanceUnitLabel } from '../../../core/units.ts';
import { calculate, readQuery, toSearchParams, unitsOf, type QueryKey } from './calculator-state.ts';
import { PaceCard } from './PaceCard.tsx';
import { PredictionsCard } from './PredictionsCard.tsx';
import { SplitsCard } from './SplitsCard.tsx';
import { TreadmillCard } from './TreadmillCard.tsx';

export default function CalculatorsPage() {
  const [params, setParams] = useSearchParams();
  // The texts live in state and are copied to the URL after each change: a navigation is not
  // applied at once, so reading the URL back between two quick edits would lose the first.
  const [query, setQuery] = useState(() => readQuery(params));
  const [copied, setCopied] = useState(false);
  // The signed-in runner's units, or imperial for a visitor.
  const profileUnits = useUnits().units;
  const link = toSearchParams(query).toString();
  useEffect(() => {
    if (link !== params.toString()) {
      setParams(new URLSearchParams(link), { replace: true });
    }
  }, [link, params, setParams]);
  const unit = unitsOf(query, profileUnits);
  const result = calculate(query, unit);
  const set = (key: QueryKey, value: string) => setQuery((current) => ({ ...current, [key]: value }));
  const copyLink = async () => {
    await navigator.clipboard.writeText(window.location.href);
    setCopied(true);
  };
  return (
    <Stack sx={{ maxWidth: 1100 }} spacing={2}>
      <PageHeader
        title={pageTitleForPath('/calculators')}
        subtitle="Fill in two of distance, time and pace; the third, your predictions and your splits follow."
        action={
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
            <ToggleButtonGroup
              size="small"
              exclusive
              value={distanceUnitLabel(unit)}
              aria-label="Units"
              onChange={(_, value: string | null) => value && set('u', value)}
            >
              <ToggleButton value="km">km</ToggleButton>
              <ToggleButton value="mi">mi</ToggleButton>
            </ToggleButtonGroup>
            <Button variant="outlined" startIcon={<LinkIcon />} onClick={() => void copyLink()}>
              Copy link
            </Button>
          </Stack>
        }
      />
      <PaceCard query={query} result={result} unit={unit} onChange={set} />
      <PredictionsCard query={query} result={result} unit={unit} onChange={set} />
      <SplitsCard query={query} result={result} unit={unit} onChange={set} />
      <TreadmillCard query={query} result={result} unit={unit} onChange={set} />
      <Snackbar open={copied} autoHideDuration={3000} onClose={() => setCopied(false)} message="Link copied" />
    </Stack>
  );
}
