/**
 * "Skip to main content": the first thing a keyboard reaches on every screen with the sidebar. It is
 * out of sight until it has focus, then shows at the top left; following it moves focus to the
 * page's main landmark, past the navigation.
 */
import { Link } from '@mui/material';

export const MAIN_CONTENT_ID = 'main-content';
export const SKIP_LINK_TEXT = 'Skip to main content';

export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_CONTENT_ID}`}
      onClick={(event) => {
        // The router would read a hash change as navigation; focusing the landmark is all that is meant.
        event.preventDefault();
        document.getElementById(MAIN_CONTENT_ID)?.focus();
      }}
      sx={{
        position: 'fixed',
        top: 8,
        left: 8,
        zIndex: (theme) => theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        border: 2,
        borderColor: 'primary.main',
        transform: 'translateY(-200%)',
        '&:focus, &:focus-visible': { transform: 'none', outline: 'none' },
      }}
    >
      {SKIP_LINK_TEXT}
    </Link>
  );
}
