/**
 * One chart of the Charts page: a titled card holding a fixed-height, full-width Recharts chart, or
 * in its place a sentence saying why there is nothing to draw and what to do. The chart's box is an
 * image whose label is the chart's summary in words (web/src/lib/chart-summary.ts): a screen reader
 * speaks that instead of the SVG's parts.
 */
import { Box, Card, CardContent, Stack, Typography } from '@mui/material';
import { cloneElement, type ReactElement, type ReactNode } from 'react';
import { ResponsiveContainer } from 'recharts';

export const CHART_HEIGHT = 220;

export function ChartCard({
  title,
  subtitle,
  testId,
  empty,
  summary,
  children,
}: {
  title: string;
  subtitle?: ReactNode;
  testId: string;
  /** Shown instead of the chart when set. */
  empty?: string | null;
  /** The chart in words: its series and range. */
  summary: string;
  /** A Recharts chart; its keyboard layer is off, the summary standing for it. */
  children: ReactElement<{ accessibilityLayer?: boolean }>;
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
          role={empty ? undefined : 'img'}
          aria-label={empty ? undefined : summary}
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
              {cloneElement(children, { accessibilityLayer: false })}
            </ResponsiveContainer>
          )}
        </Box>
      </CardContent>
    </Card>
  );
}
