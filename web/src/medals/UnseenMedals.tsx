/**
 * The count of unseen medals in the sidebar, kept fresh by the live events: a badge on the Medals
 * entry (hidden at 0), the count read out with its label ("Medals (3 new)"), and below md, where
 * the drawer is closed, a dot on the menu button.
 */
import { Badge, Box } from '@mui/material';
import type { ReactElement } from 'react';
import { useSession } from '../lib/auth/session.ts';
import { VISUALLY_HIDDEN } from '../lib/visually-hidden.ts';
import { useUnseenMedalCount } from './medals-api.ts';

/** The unseen medals of a signed-in user; 0 for a visitor. */
function useUnseenMedals(): number {
  const { data: user } = useSession();
  const { data: unseen = 0 } = useUnseenMedalCount(Boolean(user));
  return user ? unseen : 0;
}

export function MedalsNavIcon({ icon }: { icon: ReactElement | undefined }) {
  const unseen = useUnseenMedals();
  // Not rendered at 0: a hidden badge keeps its last number in the entry's text.
  if (unseen === 0) {
    return icon;
  }
  return (
    <Badge badgeContent={unseen} color="primary" max={99} slotProps={{ badge: { 'aria-hidden': true } }}>
      {icon}
    </Badge>
  );
}

export function MedalsNavLabel({ label }: { label: string }) {
  const unseen = useUnseenMedals();
  return (
    <>
      {label}
      {unseen > 0 && <Box component="span" sx={VISUALLY_HIDDEN}>{` (${unseen} new)`}</Box>}
    </>
  );
}

export function UnseenMedalsDot({ children }: { children: ReactElement }) {
  const unseen = useUnseenMedals();
  return (
    <Badge variant="dot" color="primary" invisible={unseen === 0}>
      {children}
    </Badge>
  );
}
