import type { User } from '@funkis/shared';
import AccountCircleOutlined from '@mui/icons-material/AccountCircleOutlined';
import Logout from '@mui/icons-material/Logout';
import Avatar from '@mui/material/Avatar';
import Box from '@mui/material/Box';
import Divider from '@mui/material/Divider';
import IconButton from '@mui/material/IconButton';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { FLIP_IN_RTL_CLASS } from '../../config/theme/create-app-theme';
import { useAuth } from '../../lib/auth';
import { useSnackbar } from '../../lib/toast';

export const fullName = (user: Pick<User, 'firstname' | 'lastname'>) => `${user.firstname} ${user.lastname}`.trim();
export const initials = (user: Pick<User, 'firstname' | 'lastname'>) =>
  `${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase();

export function UserAvatar({ user, size = 40 }: { user: User; size?: number }) {
  return (
    <Avatar
      src={user.avatar ?? undefined}
      alt={fullName(user)}
      // MUI's default grey behind white initials fails the contrast check (axe: color-contrast).
      sx={{ width: size, height: size, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(user)}
    </Avatar>
  );
}

export function ProfileMenu() {
  const { t } = useTranslation();
  const { user, logout } = useAuth();
  const { enqueueSnackbar } = useSnackbar();
  const navigate = useNavigate();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [isLoggingOut, setIsLoggingOut] = useState(false);
  const menuId = useId();

  if (!user) return null;

  const handleLogout = async () => {
    setAnchor(null);
    setIsLoggingOut(true);
    try {
      await logout();
      // Also from pages outside the login gate (404, apply); the gate would send the visitor to the same place.
      void navigate(paths.auth.login.href(), { replace: true });
    } catch {
      enqueueSnackbar(t('unableToLogout'), {
        key: 'unableToLogout',
        variant: 'error',
        anchorOrigin: { vertical: 'top', horizontal: 'right' },
        preventDuplicate: true,
      });
    } finally {
      setIsLoggingOut(false);
    }
  };

  return (
    <>
      <IconButton
        aria-label={t('topBar.profileMenu')}
        aria-haspopup="menu"
        aria-controls={anchor ? menuId : undefined}
        aria-expanded={anchor ? 'true' : undefined}
        onClick={(event) => setAnchor(event.currentTarget)}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={36} />
      </IconButton>
      <Menu
        id={menuId}
        anchorEl={anchor}
        open={Boolean(anchor)}
        onClose={() => setAnchor(null)}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { sx: { minWidth: 220, maxWidth: 320 } } }}
      >
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle1" noWrap>
            {fullName(user)}
          </Typography>
          <Typography variant="body2" color="text.secondary" noWrap>
            {user.email}
          </Typography>
        </Box>
        <Divider />
        <MenuItem component={RouterLink} to={paths.account.root.href()} onClick={() => setAnchor(null)}>
          <ListItemIcon>
            <AccountCircleOutlined fontSize="small" />
          </ListItemIcon>
          <ListItemText>{t('topBar.account')}</ListItemText>
        </MenuItem>
        <MenuItem onClick={handleLogout} disabled={isLoggingOut}>
          <ListItemIcon>
            <Logout fontSize="small" className={FLIP_IN_RTL_CLASS} />
          </ListItemIcon>
          <ListItemText>{t('topBar.logout')}</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
