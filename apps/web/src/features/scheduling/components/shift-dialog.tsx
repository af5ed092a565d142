import type { Shift, ShiftBlock } from '@funkis/shared';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useShifts } from '../api/get-shifts';

/**
 * A shift opened from the timeline or the "not full" list: the same card as the list view (assign by search,
 * remove, move, attendance), read fresh from the list call for the shift's own time span.
 */
export function ShiftDialog({
  eventId,
  block,
  onClose,
  renderShift,
}: {
  eventId: number;
  block: ShiftBlock;
  onClose(): void;
  renderShift(shift: Shift): ReactNode;
}) {
  const { t } = useTranslation('planning');
  const shifts = useShifts(eventId, { from: block.startsAt, to: block.endsAt, groupId: '', location: '', free: false });
  const shift = shifts.data?.shifts.find((item) => item.id === block.id);
  return (
    <Dialog open onClose={onClose} aria-labelledby="shift-dialog-title" fullWidth maxWidth="sm">
      <DialogTitle id="shift-dialog-title">{block.title}</DialogTitle>
      <DialogContent>
        {shifts.isPending ? (
          <Typography role="status">
            <CircularProgress size={16} sx={{ mr: 1 }} />
            {t('shiftDialog.loading')}
          </Typography>
        ) : shift ? (
          renderShift(shift)
        ) : (
          <Typography>{t('shiftDialog.gone')}</Typography>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('shiftDialog.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
