import { APPLICATIONS_NOTIFY_LIMITS, type ApplicationStatus, type ApplicationsNotify } from '@funkis/shared';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useEffect, useState } from 'react';
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
  /** `notify`: the e-mail to the applicants whose status changes, when the reviewer chose to send one. */
  onConfirm: (notify?: ApplicationsNotify) => void;
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
  const status = update?.status;
  const [isNotifying, setIsNotifying] = useState(false);
  const [subject, setSubject] = useState('');
  const [message, setMessage] = useState('');
  const [showErrors, setShowErrors] = useState(false);
  // Each new question starts unticked, with the texts written for the status it sets (in the reader's language).
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new `update` object is a new question, same status or not
  useEffect(() => {
    if (!status) return;
    setIsNotifying(false);
    setShowErrors(false);
    setSubject(t(`notify.subjects.${status}`));
    setMessage(t(`notify.messages.${status}`));
  }, [update, status, t]);
  const subjectError = subject.trim() === '' ? t('notify.subjectRequired') : null;
  const messageError = message.trim() === '' ? t('notify.messageRequired') : null;
  const confirm = () => {
    if (!isNotifying || !status) return onConfirm();
    if (subjectError || messageError) return setShowErrors(true);
    onConfirm({ subject: subject.trim(), message: message.trim() });
  };
  const isReject = status === 'rejected';
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
        {status ? (
          <Stack spacing={2} sx={{ mt: 1 }}>
            <FormControlLabel
              control={
                <Checkbox
                  checked={isNotifying}
                  onChange={(event) => setIsNotifying(event.target.checked)}
                  disabled={isPending}
                />
              }
              label={t('notify.label')}
              data-testid="notify-applicants"
            />
            {isNotifying ? (
              <>
                <DialogContentText variant="body2" id="notify-help">
                  {t('notify.help')}
                </DialogContentText>
                <TextField
                  label={t('notify.subject')}
                  value={subject}
                  onChange={(event) => setSubject(event.target.value)}
                  required
                  disabled={isPending}
                  error={showErrors && subjectError !== null}
                  helperText={showErrors ? subjectError : null}
                  slotProps={{ htmlInput: { maxLength: APPLICATIONS_NOTIFY_LIMITS.SUBJECT_MAXIMUM } }}
                />
                <TextField
                  label={t('notify.message')}
                  value={message}
                  onChange={(event) => setMessage(event.target.value)}
                  required
                  multiline
                  minRows={4}
                  disabled={isPending}
                  error={showErrors && messageError !== null}
                  helperText={showErrors ? messageError : null}
                  slotProps={{
                    htmlInput: {
                      maxLength: APPLICATIONS_NOTIFY_LIMITS.MESSAGE_MAXIMUM,
                      'aria-describedby': 'notify-help',
                    },
                  }}
                />
              </>
            ) : null}
          </Stack>
        ) : null}
        <FormErrorList messages={errorMessages} />
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isPending}>
          {t('confirm.cancel')}
        </Button>
        <Button
          onClick={confirm}
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
