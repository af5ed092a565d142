import { UI } from '@funkis/shared';
import { createTheme, responsiveFontSizes, type Theme } from '@mui/material/styles';
import { ROUNDED_BORDER_RADIUS, type Settings, SQUARE_BORDER_RADIUS } from '../settings';
import { palettes } from './palettes';

export function createAppTheme(settings: Settings): Theme {
  let theme = createTheme({
    direction: settings.direction,
    palette: palettes[settings.theme],
    shape: { borderRadius: settings.roundedCorners ? ROUNDED_BORDER_RADIUS : SQUARE_BORDER_RADIUS },
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
      MuiButton: { defaultProps: { disableElevation: true } },
      MuiTextField: { defaultProps: { fullWidth: true } },
      MuiCard: { defaultProps: { variant: 'outlined' } },
      // Letter avatars: MUI's grey (#bdbdbd) behind light initials is 1.73:1 (axe: color-contrast).
      MuiAvatar: {
        styleOverrides: {
          colorDefault: ({ theme: t }) => ({
            backgroundColor: t.palette.primary.main,
            color: t.palette.primary.contrastText,
          }),
        },
      },
    },
  });
  if (settings.responsiveFontSizes) theme = responsiveFontSizes(theme);
  return theme;
}
