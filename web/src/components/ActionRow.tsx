/** A card's heading and sentence with the one button that acts on them: beside them, under them on a phone. */
import { Box, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export function ActionRow({
  title,
  text,
  textVariant = 'body1',
  action,
}: {
  title: ReactNode;
  text: ReactNode;
  textVariant?: 'body1' | 'body2';
  /** The button (with `flexShrink: 0`, so a long sentence does not squeeze it); full width on a phone. */
  action: ReactNode;
}) {
  return (
    <Stack
      sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
    >
      <Box>
        <Typography variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant={textVariant} color="text.secondary">
          {text}
        </Typography>
      </Box>
      {action}
    </Stack>
  );
}
