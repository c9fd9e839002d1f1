/** A figure with its icon and label (dashboard totals, My Stride counts). */
import { Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function StatCard({
  icon,
  label,
  value,
  detail,
}: {
  icon: ReactNode;
  label: string;
  value: ReactNode;
  detail?: ReactNode;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary', mb: 1 }}>
          {icon}
          <Typography variant="body2">{label}</Typography>
        </Stack>
        <Typography variant="h5" component="p">
          {value}
        </Typography>
        {detail && (
          <Typography variant="caption" color="text.secondary" component="p" sx={{ mt: 0.5 }}>
            {detail}
          </Typography>
        )}
      </CardContent>
    </Card>
  );
}
