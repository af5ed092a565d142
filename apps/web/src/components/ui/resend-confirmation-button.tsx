import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useResendConfirmation } from '../../api/resend-confirmation';
import { useTranslateMessage } from '../../hooks/use-translate-message';
import { errorMessagesOf } from '../../lib/api-client';

/**
 * "Send the link again", with its outcome read out beside it (a live region): sent, or the server's refusal
 * (too many in an hour) in the user's language.
 */
export function ResendConfirmationButton({ address }: { address: string }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const resend = useResendConfirmation();
  return (
    <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
      <Button
        size="small"
        variant="outlined"
        color="inherit"
        loading={resend.isPending}
        onClick={() => resend.mutate()}
        data-testid="resend-confirmation"
      >
        {t('confirmEmail.resend')}
      </Button>
      <Typography variant="body2" role="status" aria-live="polite" sx={{ overflowWrap: 'anywhere' }}>
        {resend.isSuccess
          ? t('confirmEmail.resent', { email: address })
          : resend.isError
            ? errorMessagesOf(resend.error).map(translateMessage).join(' ')
            : ''}
      </Typography>
    </Stack>
  );
}
