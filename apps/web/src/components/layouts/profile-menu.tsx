import type { User } from '@funkis/shared';
import Avatar from '@mui/material/Avatar';
import IconButton from '@mui/material/IconButton';
import { Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../config/paths';
import { useAuth } from '../../lib/auth';
import { useSnackbar } from '../../lib/toast';
import { ProfileMenuList, preloadMenus } from './lazy-menus';

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
  // Mounted from the first opening on (the menu's chunk comes then), so it can animate closed.
  const [opened, setOpened] = useState(false);
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
        onClick={(event) => {
          setOpened(true);
          setAnchor(event.currentTarget);
        }}
        onPointerEnter={preloadMenus}
        onFocus={preloadMenus}
        sx={{ p: 0.5 }}
      >
        <UserAvatar user={user} size={36} />
      </IconButton>
      {opened ? (
        <Suspense fallback={null}>
          <ProfileMenuList
            id={menuId}
            anchor={anchor}
            onClose={() => setAnchor(null)}
            user={user}
            fullName={fullName(user)}
            onLogout={handleLogout}
            isLoggingOut={isLoggingOut}
          />
        </Suspense>
      ) : null}
    </>
  );
}
