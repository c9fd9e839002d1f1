/**
 * "Skip to main content": the first thing the keyboard reaches on every screen with the sidebar.
 * Off screen until focused, then shown at the top left; it moves focus to <main> (which takes
 * focus from a script only, tabIndex -1), so the next Tab starts in the page, past the navigation.
 */
import { Link } from '@mui/material';
import type { MouseEvent } from 'react';

export const MAIN_CONTENT_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to main content';

export function SkipLink() {
  const skip = (event: MouseEvent<HTMLAnchorElement>) => {
    const main = document.getElementById(MAIN_CONTENT_ID);
    if (main) {
      event.preventDefault();
      main.focus();
      main.scrollIntoView({ block: 'start' });
    }
  };
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={skip}
      underline="always"
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'text.primary',
        border: 2,
        borderColor: 'primary.main',
        fontWeight: 600,
        // Off screen until the keyboard reaches it.
        transform: 'translateY(calc(-100% - 16px))',
        '&:focus, &:focus-visible': { transform: 'none', outline: 'none' },
      }}
    >
      {SKIP_LINK_TEXT}
    </Link>
  );
}
