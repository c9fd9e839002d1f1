/** A titled card of the activity page: the summary figures, the splits, the laps. */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function SummaryCard({ label, value }: { label: string; value: ReactNode }) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent sx={{ py: 1.5, '&:last-child': { pb: 1.5 } }}>
        <Typography variant="body2" color="text.secondary">
          {label}
        </Typography>
        <Typography variant="h6" component="p" sx={{ fontWeight: 600 }}>
          {value}
        </Typography>
      </CardContent>
    </Card>
  );
}

export function DetailSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card>
      {/* A little narrower padding on a phone leaves the tables their width. */}
      <CardContent sx={{ px: { xs: 1.5, sm: 2 } }}>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          {title}
        </Typography>
        {children}
      </CardContent>
    </Card>
  );
}
