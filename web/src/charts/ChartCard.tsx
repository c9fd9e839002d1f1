/**
 * One chart of the Charts page: a titled card holding a fixed-height, full-width Recharts chart, or
 * in its place a sentence saying why there is nothing to draw and what to do.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import type { ReactElement, ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

export const CHART_HEIGHT = 220;

export function ChartCard({
  title,
  subtitle,
  testId,
  empty,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  /** Shown instead of the chart when set. */
  empty?: string | null;
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
          {empty ? (
            <Stack sx={{ height: '100%', justifyContent: 'center', alignItems: 'center', px: 2 }}>
              <Typography variant="body2" color="text.secondary" sx={{ textAlign: 'center', maxWidth: 420 }}>
                {empty}
              </Typography>
            </Stack>
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              {children}
            </ResponsiveContainer>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
