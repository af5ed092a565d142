import { UI } from '@funkis/shared';
import Box from '@mui/material/Box';
import Drawer from '@mui/material/Drawer';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, useLocation } from 'react-router';
import { ConfirmEmailNotice } from '../ui/confirm-email-notice';
import { MAIN_CONTENT_ID, SkipLink } from './skip-link';
import { TopBar } from './top-bar';

export const SIDEBAR_WIDTH = UI.SIDEBAR_WIDTH;

interface MainLayoutProps {
  /** Optional sidebar (e.g. the event menu): permanent from `lg` up, a drawer opened from the top bar below. */
  sidebar?: ReactNode;
  /** The page; defaults to the matched child route. */
  children?: ReactNode;
}

/** The authenticated area: top bar over the page, with an optional 280 px sidebar. */
export function MainLayout({ sidebar, children }: MainLayoutProps) {
  const [isSidebarOpen, setIsSidebarOpen] = useState(false);
  const { t } = useTranslation();
  const { pathname } = useLocation();

  // The drawer closes when the user follows one of its links.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on route change on purpose
  useEffect(() => {
    setIsSidebarOpen(false);
  }, [pathname]);

  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', minHeight: '100vh', bgcolor: 'background.default' }}>
      <SkipLink />
      <TopBar onOpenSidebar={sidebar ? () => setIsSidebarOpen(true) : undefined} />
      <Box sx={{ display: 'flex', flexGrow: 1, minWidth: 0 }}>
        {sidebar ? (
          <>
            {/* Not a landmark itself: the sidebar holds its own labelled <nav> (no nav inside a nav). */}
            <Box
              data-testid="sidebar-permanent"
              sx={{
                display: { xs: 'none', lg: 'block' },
                width: SIDEBAR_WIDTH,
                flexShrink: 0,
                borderRight: 1,
                borderColor: 'divider',
                bgcolor: 'background.paper',
              }}
            >
              {/* Sticky under the top bar: the menu stays in view on a long page (its own scroll if taller). */}
              <Box
                data-testid="sidebar-sticky"
                sx={{
                  position: 'sticky',
                  top: UI.TOP_BAR_HEIGHT,
                  maxHeight: `calc(100vh - ${UI.TOP_BAR_HEIGHT}px)`,
                  overflowY: 'auto',
                }}
              >
                {sidebar}
              </Box>
            </Box>
            <Drawer
              open={isSidebarOpen}
              onClose={() => setIsSidebarOpen(false)}
              sx={{ display: { lg: 'none' } }}
              slotProps={{ paper: { sx: { width: SIDEBAR_WIDTH }, 'aria-label': t('common.menu') } }}
            >
              {sidebar}
            </Drawer>
          </>
        ) : null}
        <Box
          component="main"
          id={MAIN_CONTENT_ID}
          tabIndex={-1}
          sx={{ flexGrow: 1, minWidth: 0, py: { xs: 3, md: 4 }, '&:focus': { outline: 'none' } }}
        >
          <ConfirmEmailNotice />
          {children ?? <Outlet />}
        </Box>
      </Box>
    </Box>
  );
}
