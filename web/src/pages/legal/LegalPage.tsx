/**
 * Shared layout for the public legal pages (/privacy-policy, /terms-of-service,
 * /data-deletion-policy): a readable column, the title, the date of the last change, the sections,
 * and links to the other two documents and back to the app. Colours come from the theme only, so
 * the pages read as well on the dark theme as on a light one.
 */
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { Box, Container, Divider, Link, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';

/** The three legal documents, in the order they are linked at the foot of each page. */
export const LEGAL_DOCUMENTS = [
  { title: 'Privacy Policy', path: '/privacy-policy' },
  { title: 'Terms of Service', path: '/terms-of-service' },
  { title: 'Data Deletion Policy', path: '/data-deletion-policy' },
] as const;

export interface LegalPageProps {
  title: string;
  /** Human-readable date of the last change, e.g. "22 November 2026". */
  updated: string;
  children: ReactNode;
}

export function LegalPage({ title, updated, children }: LegalPageProps) {
  const others = LEGAL_DOCUMENTS.filter((doc) => doc.title !== title);
  return (
    <Container component="main" maxWidth="md" sx={{ py: { xs: 4, md: 6 } }}>
      <Typography variant="h3" component="h1" gutterBottom>
        {title}
      </Typography>
      <Typography variant="caption" component="p" color="text.secondary" sx={{ mb: 4 }}>
        Last updated {updated}
      </Typography>

      <Box component="article">{children}</Box>

      <Divider sx={{ mt: 6, mb: 3 }} />
      <Stack
        component="nav"
        aria-label="Legal documents"
        direction={{ xs: 'column', sm: 'row' }}
        spacing={{ xs: 1, sm: 3 }}
        useFlexGap
        sx={{ flexWrap: 'wrap' }}
      >
        {others.map((doc) => (
          <Link key={doc.path} component={RouterLink} to={doc.path}>
            {doc.title}
          </Link>
        ))}
        <Link component={RouterLink} to="/">
          Back to Stride
        </Link>
      </Stack>
    </Container>
  );
}

export interface SectionProps {
  heading: string;
  children: ReactNode;
}

/** One numbered or named part of a legal document: an h2 and its content. */
export function Section({ heading, children }: SectionProps) {
  return (
    <Box component="section" sx={{ mb: 4 }}>
      <Typography variant="h5" component="h2" gutterBottom sx={{ mt: 2 }}>
        {heading}
      </Typography>
      {children}
    </Box>
  );
}

/** A sub-heading inside a section. */
export function SubHeading({ children }: { children: ReactNode }) {
  return (
    <Typography variant="subtitle1" component="h3" sx={{ fontWeight: 600, mt: 2, mb: 0.5 }}>
      {children}
    </Typography>
  );
}

/** Body text with paragraph spacing. */
export function Paragraph({ children }: { children: ReactNode }) {
  return (
    <Typography variant="body1" component="p" sx={{ mb: 2 }}>
      {children}
    </Typography>
  );
}

/** A bulleted list; put {@link Bullet} items inside. */
export function Bullets({ children }: { children: ReactNode }) {
  return (
    <List dense disablePadding sx={{ listStyleType: 'disc', pl: 3, mb: 2 }}>
      {children}
    </List>
  );
}

/** One bullet. An optional bold `term` leads the text ("Term: text"). */
export function Bullet({ term, children }: { term?: string; children: ReactNode }) {
  return (
    <ListItem disablePadding sx={{ display: 'list-item', py: 0.25 }}>
      <ListItemText
        primary={
          <>
            {term !== undefined && (
              <Box component="strong" sx={{ fontWeight: 600 }}>
                {term}:{' '}
              </Box>
            )}
            {children}
          </>
        }
        slotProps={{ primary: { variant: 'body1' } }}
      />
    </ListItem>
  );
}

/** A link to another page inside Stride. */
export function InternalLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link component={RouterLink} to={to}>
      {children}
    </Link>
  );
}

/** A link to a page outside Stride, opened in a new tab. */
export function ExternalLink({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {children}
    </Link>
  );
}
