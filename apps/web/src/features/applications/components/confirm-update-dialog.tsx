import type { ApplicationStatus } from '@funkis/shared';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '../../../components/ui/form-error-list';
import type { ErrorMessage } from '../../../lib/api-client';

export interface PendingUpdate {
  count: number;
  status?: ApplicationStatus;
  /** The group's name to show; undefined: the group is kept. */
  groupName?: string;
}

interface ConfirmUpdateDialogProps {
  update: PendingUpdate | null;
  isPending: boolean;
  errorMessages: ErrorMessage[];
  onCancel: () => void;
  /** When the dialog has gone (its closing transition ended). */
  onClosed?: () => void;
  disableRestoreFocus?: boolean;
  onConfirm: () => void;
}

/**
 * Asks before a bulk update (spec section 4): a reject gets its own dialog, in the error colour, with its own
 * title and text; both show how many applications change.
 */
export function ConfirmUpdateDialog({
  update,
  isPending,
  errorMessages,
  onCancel,
  onConfirm,
  onClosed,
  disableRestoreFocus,
}: ConfirmUpdateDialogProps) {
  const { t } = useTranslation('applications');
  const isReject = update?.status === 'rejected';
  const count = update?.count ?? 0;
  const changes = [
    update?.status ? `${t('table.status')}: ${t(`status.${update.status}`)}` : null,
    update?.groupName !== undefined ? `${t('table.group')}: ${update.groupName}` : null,
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <Dialog
      open={update !== null}
      onClose={isPending ? undefined : onCancel}
      aria-labelledby="confirm-update-title"
      aria-describedby="confirm-update-text"
      data-testid={isReject ? 'confirm-reject-dialog' : 'confirm-update-dialog'}
      // After an update the result takes the focus (onClosed), not the button that opened the dialog.
      disableRestoreFocus={disableRestoreFocus}
      slotProps={{
        transition: { onExited: onClosed },
        ...(isReject ? { paper: { sx: { borderTop: 4, borderColor: 'error.main' } } } : {}),
      }}
    >
      <DialogTitle id="confirm-update-title" color={isReject ? 'error' : undefined}>
        {isReject ? t('confirm.rejectTitle') : t('confirm.updateTitle')}
      </DialogTitle>
      <DialogContent>
        <DialogContentText id="confirm-update-text">
          {isReject ? t('confirm.rejectText', { count }) : t('confirm.updateText', { count })}
        </DialogContentText>
        {changes && <DialogContentText sx={{ mt: 1 }}>{t('confirm.changes', { changes })}</DialogContentText>}
        <FormErrorList messages={errorMessages} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isPending}>
          {t('confirm.cancel')}
        </Button>
        <Button
          onClick={onConfirm}
          variant="contained"
          color={isReject ? 'error' : 'primary'}
          loading={isPending}
          autoFocus
        >
          {isReject ? t('confirm.reject') : t('confirm.update')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
