/** One chart of the Charts page: a titled card holding a fixed-height, full-width Recharts chart. */
import { Box, Card, CardContent, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

export const CHART_HEIGHT = 220;

export function ChartCard({
  title,
  subtitle,
  testId,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  children: ReactElement;
}) {
  return (
    <Card sx={{ height: '100%' }}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        {subtitle && (
          <Typography variant="body2" color="text.secondary">
            {subtitle}
          </Typography>
        )}
        <Box
          data-testid={testId}
          sx={{ width: '100%', height: CHART_HEIGHT, mt: 1.5, '& :focus:not(:focus-visible)': { outline: 'none' } }}
        >
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        </Box>
      </CardContent>
    </Card>
  );
}
