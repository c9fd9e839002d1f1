/** Stride's dark theme (spec §2: "The theme is dark"). */
import { createTheme } from '@mui/material/styles';
import { PALETTE } from '../lib/palette.ts';

export const theme = createTheme({
  palette: {
    mode: 'dark',
    primary: { main: PALETTE.brand, contrastText: PALETTE.onBrand },
    secondary: { main: PALETTE.accent },
    background: { default: PALETTE.background, paper: PALETTE.panel },
    divider: PALETTE.divider,
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
