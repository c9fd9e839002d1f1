/** One card of Account Settings: a heading, what it is for, then its content. */
import { Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';

export const ACCOUNT_SECTION_PADDING = { p: { xs: 2.5, md: 3 } } as const;

export function AccountSection({
  title,
  description,
  id,
  children,
}: {
  title: string;
  description: ReactNode;
  /** Makes the card a landmark others may link to (`/account#id`). */
  id?: string;
  children: ReactNode;
}) {
  const titleId = id ? `${id}-title` : undefined;
  return (
    <Card
      component={id ? 'section' : 'div'}
      id={id}
      aria-labelledby={titleId}
      sx={id ? { scrollMarginTop: 80 } : undefined}
    >
      <CardContent sx={ACCOUNT_SECTION_PADDING}>
        <Typography id={titleId} variant="h6" component="h2">
          {title}
        </Typography>
        {typeof description === 'string' ? (
          <Typography variant="body2" color="text.secondary" sx={{ mb: 2.5 }}>
            {description}
          </Typography>
        ) : (
          description
        )}
        {children}
      </CardContent>
    </Card>
  );
}
