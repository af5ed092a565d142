import { UI } from '@funkis/shared';
import MenuIcon from '@mui/icons-material/Menu';
import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../lib/auth';
import { LanguagePicker } from './language-picker';
import { Logo } from './logo';
import { ProfileMenu } from './profile-menu';
import { SettingsButton } from './settings-button';

export const TOP_BAR_HEIGHT = UI.TOP_BAR_HEIGHT;

interface TopBarProps {
  /** Shown as a menu button on narrow screens when the page has a sidebar (e.g. the event layout). */
  onOpenSidebar?: () => void;
}

/** Logo, language picker, settings and (when logged in) the profile menu; 64 px high (spec section 9). */
export function TopBar({ onOpenSidebar }: TopBarProps) {
  const { t } = useTranslation();
  const { isAuthenticated } = useAuth();
  return (
    <AppBar position="sticky" color="default" elevation={0} sx={{ borderBottom: 1, borderColor: 'divider' }}>
      <Toolbar
        sx={{ minHeight: TOP_BAR_HEIGHT, height: TOP_BAR_HEIGHT, gap: { xs: 0.5, sm: 1 }, px: { xs: 1, sm: 3 } }}
      >
        {onOpenSidebar ? (
          <IconButton
            color="inherit"
            aria-label={t('common.openMenu')}
            onClick={onOpenSidebar}
            sx={{ display: { lg: 'none' } }}
          >
            <MenuIcon />
          </IconButton>
        ) : null}
        <Logo />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={{ xs: 0.5, sm: 1 }} sx={{ alignItems: 'center' }}>
          <LanguagePicker />
          <SettingsButton />
          {isAuthenticated ? <ProfileMenu /> : null}
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
