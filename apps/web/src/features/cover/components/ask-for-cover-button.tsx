import type { CoverRequest } from '@funkis/shared';
import PersonSearchOutlined from '@mui/icons-material/PersonSearchOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useAskedCoverRequest, useAskForCover } from '../api/ask-for-cover';

/** Rare, and its form parts are not otherwise on the board: a chunk of its own (the board's budget, decision 011). */
const WithdrawCoverDialog = lazy(() =>
  import('./withdraw-cover-dialog').then((module) => ({ default: module.WithdrawCoverDialog })),
);

/**
 * "Ask for cover" on a shift with a free place, or for a person who is late or did not come (organisers): asks the
 * group's free, rested volunteers and says in a toast how many were asked. The server decides who may and who is
 * asked. For a free place with an open request (the board's, or the one this session just asked), the request shows
 * instead ("Cover asked · 3 asked") with "Withdraw request"; withdrawn or taken, "Ask for cover" is back.
 */
export function AskForCoverButton({
  eventId,
  shift,
  replacing,
  openRequest,
}: {
  eventId: number;
  shift: { id: number; title: string };
  /** A person who is late or did not come: their place is freed and covered. */
  replacing?: { eventUserId: number; name: string };
  /** The shift's open request as the board read it from the server (null: none). */
  openRequest?: CoverRequest | null;
}) {
  const { t } = useTranslation('cover');
  const { enqueueSnackbar } = useSnackbar();
  const translateMessage = useTranslateMessage();
  const ask = useAskForCover(eventId);
  const asked = useAskedCoverRequest(eventId, shift.id);
  // The request as it was when the dialog opened: the dialog stays (same place in the tree) to show a refusal after
  // the request changed under it.
  const [withdrawing, setWithdrawing] = useState<CoverRequest | null>(null);
  // What this session asked or withdrew is newer than the board until the board reads a newer request.
  const current = asked && (!openRequest || asked.id >= openRequest.id) ? asked : (openRequest ?? undefined);
  const open = !replacing && current?.state === 'open' ? current : undefined;
  return (
    <>
      {open ? (
        <Box sx={{ display: 'flex', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
          <Typography variant="body2" data-testid={`cover-asked-${shift.id}`}>
            {t('withdraw.status', { count: open.askedCount })}
          </Typography>
          <Button
            size="small"
            variant="outlined"
            color="warning"
            aria-label={t('withdraw.label', { shift: shift.title })}
            onClick={() => setWithdrawing(open)}
          >
            {t('withdraw.button')}
          </Button>
        </Box>
      ) : (
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
      )}
      {withdrawing ? (
        <Suspense fallback={null}>
          <WithdrawCoverDialog
            eventId={eventId}
            shift={shift}
            request={withdrawing}
            onClose={() => setWithdrawing(null)}
          />
        </Suspense>
      ) : null}
    </>
  );
}
