import { UI } from '@funkis/shared';
import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import { ROUNDED_BORDER_RADIUS, type Settings, SQUARE_BORDER_RADIUS } from '../settings';
import { palettes } from './palettes';

/** Icons that point along the reading direction (log out, send) carry this class and are mirrored in RTL. */
export const FLIP_IN_RTL_CLASS = 'flip-in-rtl';

export interface ThemeEnvironment {
  /** The user asked the system for less motion (`prefers-reduced-motion: reduce`): no transitions at all. */
  reducedMotion?: boolean;
}

const NO_MOTION = {
  shortest: 0,
  shorter: 0,
  short: 0,
  standard: 0,
  complex: 0,
  enteringScreen: 0,
  leavingScreen: 0,
};

export function createAppTheme(settings: Settings, { reducedMotion = false }: ThemeEnvironment = {}): Theme {
  let theme = createTheme({
    direction: settings.direction,
    palette: palettes[settings.theme],
    shape: { borderRadius: settings.roundedCorners ? ROUNDED_BORDER_RADIUS : SQUARE_BORDER_RADIUS },
    ...(reducedMotion ? { transitions: { create: () => 'none', duration: NO_MOTION } } : {}),
    typography: {
      fontFamily: [
        'Inter',
        'system-ui',
        '-apple-system',
        '"Segoe UI"',
        'Roboto',
        '"Helvetica Neue"',
        'Arial',
        'sans-serif',
      ].join(','),
      button: { textTransform: 'none', fontWeight: 600 },
    },
    mixins: { toolbar: { minHeight: UI.TOP_BAR_HEIGHT } },
    components: {
      MuiCssBaseline: {
        styleOverrides: (current: Theme) => ({
          [`[dir="rtl"] .${FLIP_IN_RTL_CLASS}`]: { transform: 'scaleX(-1)' },
          // A clear keyboard focus ring on every button, link-button, switch and menu entry (WCAG 2.4.7); MUI's own
          // focus ripple is faint and disappears with elevation off.
          '.MuiButtonBase-root.Mui-focusVisible': {
            outline: `2px solid ${current.palette.primary.main}`,
            outlineOffset: 2,
          },
          '.MuiMenuItem-root.Mui-focusVisible, .MuiListItemButton-root.Mui-focusVisible': { outlineOffset: -2 },
          // Whatever the theme says, CSS transitions and animations stop when the system asks for less motion.
          '@media (prefers-reduced-motion: reduce)': {
            '*, *::before, *::after': {
              animationDuration: '0.01ms !important',
              animationIterationCount: '1 !important',
              transitionDuration: '0.01ms !important',
              scrollBehavior: 'auto !important',
            },
          },
        }),
      },
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // MUI's default letter avatar (white on light grey) fails WCAG contrast; axe flags it.
      MuiAvatar: {
        styleOverrides: {
          colorDefault: ({ theme: current }) => ({
            backgroundColor: current.palette.grey[700],
            color: current.palette.common.white,
          }),
        },
      },
    },
  });
  if (settings.responsiveFontSizes) theme = responsiveFontSizes(theme);
  return theme;
}
