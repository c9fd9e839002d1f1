/** An alert whose one action is a link to where it is dealt with ("Gear", "Subscribe", "New link"). */
import { Alert, Button, type AlertColor } from '@mui/material';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';

export function LinkAlert({
  severity,
  to,
  linkText,
  children,
}: {
  severity: AlertColor;
  to: string;
  linkText: string;
  children: ReactNode;
}) {
  return (
    <Alert
      severity={severity}
      action={
        <Button component={RouterLink} to={to} color="inherit" size="small">
          {linkText}
        </Button>
      }
    >
      {children}
    </Alert>
  );
}
