import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import type { SxProps, Theme } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../hooks/use-translate-message';
import { errorMessagesOf } from '../../lib/api-client';

/**
 * A list or a page that could not be loaded: what went wrong, in the user's language, and a button that asks again.
 * The screen shows no empty state beside it ("no members yet" is not known when the list did not load).
 */
export function LoadError({
  error,
  onRetry,
  testId,
  sx,
}: {
  error: unknown;
  onRetry(): void;
  testId?: string;
  sx?: SxProps<Theme>;
}) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const text = [...new Set(errorMessagesOf(error).map(translateMessage))].join(' ');
  return (
    <Alert
      severity="error"
      role="alert"
      data-testid={testId}
      sx={sx}
      action={
        <Button color="inherit" size="small" onClick={onRetry}>
          {t('loadError.retry')}
        </Button>
      }
    >
      {text}
    </Alert>
  );
}
