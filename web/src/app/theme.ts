/**
 * Stride's two themes: dark, the spec's (§2) and the default, and light, the runner's choice in
 * Account (theme-choice.ts decides which one shows). Both are made from the same palette.
 */
import { createTheme, type Theme } from '@mui/material/styles';
import { PALETTE, SCHEMES, type ColorScheme } from '../lib/palette.ts';

function makeTheme(scheme: ColorScheme): Theme {
  const colours = SCHEMES[scheme];
  const status = colours.status;
  return createTheme({
    palette: {
      mode: scheme,
      primary: { main: colours.primary, contrastText: colours.onPrimary },
      secondary: { main: colours.accent },
      background: { default: colours.background, paper: colours.panel },
      text: { primary: colours.text, secondary: colours.textSecondary },
      divider: colours.divider,
      ...(status && {
        error: { main: status.error },
        warning: { main: status.warning, contrastText: PALETTE.white },
        info: { main: status.info },
        success: { main: status.success },
      }),
    },
    shape: { borderRadius: 10 },
    typography: {
      fontFamily: '"Inter", "Segoe UI", system-ui, -apple-system, Roboto, "Helvetica Neue", Arial, sans-serif',
      h1: { fontWeight: 700 },
      h2: { fontWeight: 700 },
      h3: { fontWeight: 700 },
      h4: { fontWeight: 700 },
      h5: { fontWeight: 600 },
      button: { textTransform: 'none', fontWeight: 600 },
    },
    components: {
      MuiPaper: { styleOverrides: { root: { backgroundImage: 'none' } } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      MuiTextField: { defaultProps: { fullWidth: true } },
    },
  });
}

export const THEMES: Record<ColorScheme, Theme> = { dark: makeTheme('dark'), light: makeTheme('light') };
