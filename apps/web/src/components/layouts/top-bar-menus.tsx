import { type Language, PICKER_LANGUAGES, type User } from '@funkis/shared';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import SwapHorizOutlined from '@mui/icons-material/SwapHorizOutlined';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../config/paths';
import { FLIP_IN_RTL_CLASS } from '../../config/theme/create-app-theme';

/**
 * The top bar's menus, a chunk of their own: fetched when the pointer or focus reaches their button (or on the
 * first click), so no page's first load carries MUI's menu, popover, modal and focus trap (decision 017).
 */

interface MenuProps {
  id: string;
  anchor: HTMLElement | null;
  onClose: () => void;
}

export function LanguageMenu({
  id,
  anchor,
  onClose,
  current,
  onChoose,
}: MenuProps & { current: string; onChoose: (language: Language) => void }) {
  const { t } = useTranslation();
  return (
    <Menu id={id} anchorEl={anchor} open={Boolean(anchor)} onClose={onClose}>
      {PICKER_LANGUAGES.map((language) => (
        <MenuItem key={language} lang={language} selected={language === current} onClick={() => onChoose(language)}>
          <ListItemText>{t(`languages.${language}`)}</ListItemText>
        </MenuItem>
      ))}
    </Menu>
  );
}

/**
 * The name and address over the profile menu's items. MUI's MenuList gives the first child it is not told to skip
 * the focus when the menu opens by keyboard: without this mark that was this header (not focusable), so the focus
 * stayed outside the items and the arrow keys did nothing.
 */
function MenuHeader({ children }: { children: ReactNode }) {
  return <Box sx={{ px: 2, py: 1 }}>{children}</Box>;
}
MenuHeader.muiSkipListHighlight = true;

export function ProfileMenuList({
  id,
  anchor,
  onClose,
  user,
  fullName,
  onLogout,
  isLoggingOut,
}: MenuProps & { user: User; fullName: string; onLogout: () => void; isLoggingOut: boolean }) {
  const { t } = useTranslation();
  return (
    <Menu
      id={id}
      anchorEl={anchor}
      open={Boolean(anchor)}
      onClose={onClose}
      anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
      transformOrigin={{ vertical: 'top', horizontal: 'right' }}
      slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320 } } }}
    >
      <MenuHeader>
        <Typography variant="subtitle1" noWrap dir="auto">
          {fullName}
        </Typography>
        <Typography variant="body2" color="text.secondary" noWrap dir="auto">
          {user.email}
        </Typography>
      </MenuHeader>
      <Divider />
      <MenuItem component={RouterLink} to={paths.account.root.href()} onClick={onClose}>
        <ListItemIcon>
          <AccountCircleOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('topBar.account')}</ListItemText>
      </MenuItem>
      <MenuItem component={RouterLink} to={paths.coverRequests.root.href()} onClick={onClose}>
        <ListItemIcon>
          <SwapHorizOutlined fontSize="small" />
        </ListItemIcon>
        <ListItemText>{t('topBar.coverRequests')}</ListItemText>
      </MenuItem>
      <MenuItem onClick={onLogout} disabled={isLoggingOut}>
        <ListItemIcon>
          <Logout fontSize="small" className={FLIP_IN_RTL_CLASS} />
        </ListItemIcon>
        <ListItemText>{t('topBar.logout')}</ListItemText>
      </MenuItem>
    </Menu>
  );
}
