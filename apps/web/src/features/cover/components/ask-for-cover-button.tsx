import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useAskForCover } from '../api/ask-for-cover';

/**
 * "Ask for cover" on a shift with a free place, or for a person who is late or did not come (organisers): asks the group's free, rested volunteers and says in a
 * toast how many were asked. The server decides who may and who is asked.
 */
export function AskForCoverButton({
  eventId,
  shift,
  replacing,
}: {
  eventId: number;
  shift: { id: number; title: string };
  /** A person who is late or did not come: their place is freed and covered. */
  replacing?: { eventUserId: number; name: string };
}) {
  const { t } = useTranslation('cover');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const ask = useAskForCover(eventId);
  return (
    <>
      <Button
        size="small"
        variant="outlined"
        startIcon={<PersonSearchOutlined />}
        loading={ask.isPending}
        aria-label={
          replacing
            ? t('ask.replacingLabel', { name: replacing.name, shift: shift.title })
            : t('ask.label', { shift: shift.title })
        }
        data-testid={replacing ? `ask-for-cover-${shift.id}-${replacing.eventUserId}` : `ask-for-cover-${shift.id}`}
        onClick={() =>
          ask.mutate(
            { shiftId: shift.id, replacing: replacing?.eventUserId },
            {
              onSuccess: ({ coverRequest }) =>
                enqueueSnackbar(
                  coverRequest.askedCount === 0
                    ? t('ask.nobody', { shift: shift.title })
                    : t('ask.asked', { count: coverRequest.askedCount, shift: shift.title }),
                  { variant: coverRequest.askedCount === 0 ? 'warning' : 'success' },
                ),
            },
          )
        }
      >
        {replacing ? t('ask.replacingButton') : t('ask.button')}
      </Button>
      {ask.isError ? (
        <Typography variant="body2" color="error" role="alert" sx={{ mt: 1 }}>
          {errorMessagesOf(ask.error).map(translateMessage).join(' ')}
        </Typography>
      ) : null}
    </>
  );
}
