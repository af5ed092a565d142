import { UI } from '@funkis/shared';
import GlobalStyles from '@mui/material/GlobalStyles';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useSettings } from '../../lib/settings';
import { attachToastHost } from '../../lib/toast-queue';
import { Toast } from './toast';

/** Snackbars are announced: successes and information politely (role=status), errors at once (role=alert). */
const TOASTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

/** Under the top bar (64 px, spec section 9), so a snackbar never covers its language, settings and profile buttons. */
const BELOW_TOP_BAR = 'funkis-toasts-below-top-bar';
const belowTopBar = { [`.${BELOW_TOP_BAR}`]: { top: `${UI.TOP_BAR_HEIGHT + 8}px !important` } };

/**
 * notistack's provider (a chunk of its own, lib/toast.tsx): at most 3 snackbars at the top end corner — right, or
 * left when the direction setting is right-to-left — below the top bar.
 */
export default function ToastHost() {
  const { settings } = useSettings();
  useEffect(() => {
    attachToastHost((message, options) => enqueueSnackbar(message, options));
    return () => attachToastHost(null);
  }, []);
  return (
    <>
      <GlobalStyles styles={belowTopBar} />
      <SnackbarProvider
        maxSnack={UI.MAX_SNACKBARS}
        anchorOrigin={{ vertical: 'top', horizontal: settings.direction === 'rtl' ? 'left' : 'right' }}
        classes={{ containerAnchorOriginTopRight: BELOW_TOP_BAR, containerAnchorOriginTopLeft: BELOW_TOP_BAR }}
        Components={TOASTS}
      />
    </>
  );
}
