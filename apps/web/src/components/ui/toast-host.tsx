import { UI } from '@funkis/shared';
import { enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { useSettings } from '../../lib/settings';
import { attachToastHost } from '../../lib/toast-queue';
import { Toast } from './toast';

/** Snackbars are announced: successes and information politely (role=status), errors at once (role=alert). */
const TOASTS = { default: Toast, success: Toast, info: Toast, warning: Toast, error: Toast };

/**
 * notistack's provider (a chunk of its own, lib/toast.tsx): at most 3 snackbars at the top end corner — right, or
 * left when the direction setting is right-to-left.
 */
export default function ToastHost() {
  const { settings } = useSettings();
  useEffect(() => {
    attachToastHost((message, options) => enqueueSnackbar(message, options));
    return () => attachToastHost(null);
  }, []);
  return (
    <SnackbarProvider
      maxSnack={UI.MAX_SNACKBARS}
      anchorOrigin={{ vertical: 'top', horizontal: settings.direction === 'rtl' ? 'left' : 'right' }}
      Components={TOASTS}
    />
  );
}
