import type { CoverRequest } from '@funkis/shared';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../components/forms/form-dialog';
import { useAnnouncedErrors } from '../../../components/forms/use-announced-errors';
import { useSnackbar } from '../../../lib/toast';
import { useWithdrawCoverRequest } from '../api/withdraw-cover-request';

/**
 * "Withdraw request?" for an open cover request (organisers): the volunteers asked can no longer take the place. The
 * server's refusal (someone took it meanwhile) is shown and said in the dialog; done, a toast says so.
 */
export function WithdrawCoverDialog({
  eventId,
  shift,
  request,
  onClose,
}: {
  eventId: number;
  shift: { id: number; title: string };
  request: CoverRequest;
  onClose(): void;
}) {
  const { t } = useTranslation('cover');
  const { enqueueSnackbar } = useSnackbar();
  const { errors, attempt, announcer } = useAnnouncedErrors();
  const withdraw = useWithdrawCoverRequest(eventId);
  const submit = async () => {
    const done = await attempt(() => withdraw.mutateAsync({ request }));
    if (!done) return;
    enqueueSnackbar(t('withdraw.done', { shift: shift.title }), { variant: 'success' });
    onClose();
  };
  return (
    <FormDialog
      open
      onClose={onClose}
      maxWidth="xs"
      title={t('withdraw.title', { shift: shift.title })}
      description={
        request.askedCount === 0 ? t('withdraw.helpNobody') : t('withdraw.help', { count: request.askedCount })
      }
      errors={errors}
      submitLabel={t('withdraw.submit')}
      pending={withdraw.isPending}
      announcer={announcer}
      onSubmit={submit}
    >
      {null}
    </FormDialog>
  );
}
