/** The frame of the sign-in and registration screens: brand, a card, and the legal links. */
import { Box, Card, CardContent, Link, Stack, Typography } from '@mui/material';
import { alpha } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { PRODUCT_NAME, TAGLINE } from '../../../../core/product.ts';
import { PALETTE } from '../../lib/palette.ts';
import { BrandMark } from '../../components/BrandMark.tsx';

export function AuthLayout({
  heading,
  subheading,
  children,
  footer,
}: {
  heading: string;
  subheading: string;
  children: ReactNode;
  footer: ReactNode;
}) {
  return (
    <Box
      sx={{
        minHeight: '100vh',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 2,
        py: 4,
        background: (theme) =>
          `radial-gradient(1200px 600px at 10% -10%, ${alpha(PALETTE.brand, 0.18)}, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${alpha(theme.palette.secondary.main, 0.12)}, transparent 60%)`,
      }}
    >
      <Stack spacing={3} sx={{ width: '100%', maxWidth: 420 }}>
        <Stack sx={{ alignItems: 'center', justifyContent: 'center' }} direction="row" spacing={1.5}>
          <BrandMark size={44} />
          <Box>
            <Typography sx={{ lineHeight: 1.1 }} variant="h5" component="p">
              {PRODUCT_NAME}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              {TAGLINE}
            </Typography>
          </Box>
        </Stack>
        <Card>
          <CardContent sx={{ p: { xs: 3, sm: 4 } }}>
            <Stack spacing={0.5} sx={{ mb: 3 }}>
              <Typography variant="h4" component="h1">
                {heading}
              </Typography>
              <Typography color="text.secondary">{subheading}</Typography>
            </Stack>
            {children}
          </CardContent>
        </Card>
        <Typography sx={{ textAlign: 'center' }} variant="body2" color="text.secondary">
          {footer}
        </Typography>
        <Stack sx={{ justifyContent: 'center' }} direction="row" spacing={2}>
          {[
            ['/privacy-policy', 'Privacy'],
            ['/terms-of-service', 'Terms'],
            ['/data-deletion-policy', 'Data deletion'],
          ].map(([to, label]) => (
            <Link key={to} component={RouterLink} to={to ?? '/'} variant="caption" color="text.secondary">
              {label}
            </Link>
          ))}
        </Stack>
      </Stack>
    </Box>
  );
}
