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
    primary: { main: '#90caf9' },
    secondary: { main: '#ce93d8' },
    background: { default: '#111827', paper: '#1f2937' },
  },
  NATURE: {
    mode: 'light',
    primary: { main: '#2e7d32', contrastText: '#ffffff' },
    secondary: { main: '#8d6e63' },
    success: { main: '#2e7d32' },
    warning: { main: '#b45309', contrastText: '#ffffff' },
    info: { main: '#01579b', contrastText: '#ffffff' },
    background: { default: '#f1f5ec', paper: '#fbfdf8' },
    text: { primary: '#1b2b1c', secondary: '#4a5d4b' },
    divider: 'rgba(46, 125, 50, 0.16)',
  },
};
