import Alert from '@mui/material/Alert';
import { type CustomContentProps, SnackbarContent } from 'notistack';
import { forwardRef } from 'react';

/**
 * One snackbar (notistack's content for every variant). Screen readers hear it: an error interrupts
 * (role=alert, assertive), anything else waits its turn (role=status, polite). The coloured box is a MUI Alert in
 * the theme's palette, whose colours pass WCAG contrast in every theme (notistack's own green does not).
 */
export const Toast = forwardRef<HTMLDivElement, CustomContentProps>(function Toast(
  { id, message, variant, action, style, className },
  ref,
) {
  const isError = variant === 'error';
  const severity = variant === 'default' ? 'info' : variant;
  return (
    <SnackbarContent
      ref={ref}
      style={style}
      className={className}
      role={isError ? 'alert' : 'status'}
      aria-live={isError ? 'assertive' : 'polite'}
      aria-atomic="true"
      data-testid="toast"
    >
      <Alert
        // The live region is the wrapper above; the Alert itself must not announce a second time.
        role="none"
        severity={severity}
        variant="filled"
        action={typeof action === 'function' ? action(id) : action}
        sx={{ width: '100%', minWidth: { sm: 288 }, alignItems: 'center' }}
      >
        {message}
      </Alert>
    </SnackbarContent>
  );
});
