import MenuOpenOutlined from '@mui/icons-material/MenuOpenOutlined';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { MailSidebar } from './mail-sidebar';
import { useMailStore } from './mail-store';

const MAIL_SIDEBAR_WIDTH = 260;

/**
 * The mail area: its sidebar beside the content from `md` up; below, a drawer opened with a button that closes
 * on every route change (spec section 4).
 */
export function MailArea({ eventId, isAdmin, children }: { eventId: number; isAdmin: boolean; children: ReactNode }) {
  const { t } = useTranslation('mail');
  const theme = useTheme();
  const isWide = useMediaQuery(theme.breakpoints.up('md'));
  const { state, dispatch } = useMailStore();
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    dispatch({ type: 'sidebarClosed' });
  }, [pathname, dispatch]);

  return (
    <Box sx={{ display: 'flex', gap: 2, alignItems: 'flex-start' }}>
      {isWide ? (
        <Paper variant="outlined" sx={{ width: MAIL_SIDEBAR_WIDTH, flexShrink: 0 }}>
          <MailSidebar eventId={eventId} isAdmin={isAdmin} />
        </Paper>
      ) : (
        <Drawer
          open={state.isSidebarOpen}
          onClose={() => dispatch({ type: 'sidebarClosed' })}
          slotProps={{ paper: { sx: { width: MAIL_SIDEBAR_WIDTH }, 'aria-label': t('folders') } }}
        >
          <MailSidebar eventId={eventId} isAdmin={isAdmin} />
        </Drawer>
      )}
      <Box sx={{ flexGrow: 1, minWidth: 0 }}>
        {isWide ? null : (
          <IconButton
            onClick={() => dispatch({ type: 'sidebarOpened' })}
            aria-label={t('openFolders')}
            aria-expanded={state.isSidebarOpen}
            sx={{ mb: 1 }}
          >
            <MenuOpenOutlined />
          </IconButton>
        )}
        {children}
      </Box>
    </Box>
  );
}
