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
