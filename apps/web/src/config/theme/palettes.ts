import type { ThemeName } from '@funkis/shared';
import type { PaletteOptions } from '@mui/material/styles';

/** The three themes of spec section 1. NATURE is a calm green palette on a light, slightly warm background. */
export const palettes: Record<ThemeName, PaletteOptions> = {
  LIGHT: {
    mode: 'light',
    primary: { main: '#1565c0' },
    secondary: { main: '#6a1b9a' },
    // MUI's default warning (#ed6c02) and info (#0288d1) under white text fail 4.5:1 (axe: color-contrast).
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f4f6f8', paper: '#ffffff' },
  },
  DARK: {
    mode: 'dark',
    // Text on coloured buttons and chips is chosen for 4.5:1 (MUI's default threshold is 3:1).
    contrastThreshold: 4.5,
    primary: { main: '#90caf9' },
    secondary: { main: '#ce93d8' },
    // MUI's dark error (#f44336) has 3.7:1 under white text and 4.0:1 as text on the paper: a lighter red with dark
    // text passes both (5.3:1 on the paper).
    error: { main: '#f87171', contrastText: 'rgba(0, 0, 0, 0.87)' },
    background: { default: '#111827', paper: '#1f2937' },
  },
  NATURE: {
    mode: 'light',
    // A shade darker than MUI green 800 (#2e7d32, 4.2:1 on a selected row): 5.3:1 on it, 6.2:1 on the paper.
    primary: { main: '#276d2b', contrastText: '#ffffff' },
    secondary: { main: '#8d6e63' },
    success: { main: '#2e7d32' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f1f5ec', paper: '#fbfdf8' },
    text: { primary: '#1b2b1c', secondary: '#4a5d4b' },
    divider: 'rgba(46, 125, 50, 0.16)',
  },
};
