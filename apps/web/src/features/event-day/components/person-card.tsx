import type { CheckInKind } from '@funkis/shared';
import LoginOutlined from '@mui/icons-material/LoginOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { CheckInShift } from '../api/get-person';
import { formatTime } from './format';
import { StateChip } from './state-chip';

/** What a button of the card records: arrival or leaving, at the event (shift null) or for one shift. */
export interface CardAction {
  kind: CheckInKind;
  shift: CheckInShift | null;
}

export interface PersonCardProps {
  name: string;
  groupName?: string | null;
  /** Unknown (a code scanned without a connection): no on-site line. */
  onSite?: boolean;
  shifts: readonly CheckInShift[];
  timeZone?: string;
  /** False while a check-in is being sent, and for a person the caller may not check in. */
  isEnabled?: boolean;
  onAction(action: CardAction): void;
}

/**
 * A scanned or chosen person: name, group, on site or not, and the buttons that record their arrival or leaving
 * at the event and for each of their shifts open for check-in now (with where they stand on it).
 */
export function PersonCard({ name, groupName, onSite, shifts, timeZone, isEnabled = true, onAction }: PersonCardProps) {
  const { t, i18n } = useTranslation('event-day');
  return (
    <Card component="section" variant="outlined" aria-labelledby="check-in-person" data-testid="person-card">
      <CardContent>
        <Typography variant="h5" component="h2" id="check-in-person" dir="auto">
          {name}
        </Typography>
        {groupName !== undefined ? (
          <Typography color="text.secondary" dir="auto">
            {groupName ?? t('checkIn.noGroup')}
          </Typography>
        ) : null}
        {onSite !== undefined ? (
          <Chip
            sx={{
              mt: 1,
              borderWidth: 2,
              borderColor: onSite ? 'success.main' : 'text.secondary',
              color: 'text.primary',
            }}
            variant="outlined"
            label={onSite ? t('checkIn.onSite') : t('checkIn.notOnSite')}
            data-testid="on-site"
          />
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 2 }}>
          <Button
            variant="contained"
            startIcon={<LoginOutlined />}
            disabled={!isEnabled}
            onClick={() => onAction({ kind: 'arrive', shift: null })}
          >
            {t('checkIn.arriveEvent')}
          </Button>
          <Button
            variant="outlined"
            startIcon={<LogoutOutlined />}
            disabled={!isEnabled}
            onClick={() => onAction({ kind: 'leave', shift: null })}
          >
            {t('checkIn.leaveEvent')}
          </Button>
        </Stack>
        {onSite !== undefined ? (
          <>
            <Divider sx={{ my: 2 }} />
            <Typography variant="subtitle1" component="h3" id="check-in-shifts" sx={{ fontWeight: 600 }}>
              {t('checkIn.shiftsLabel')}
            </Typography>
            {shifts.length === 0 ? (
              <Typography color="text.secondary">{t('checkIn.noShifts')}</Typography>
            ) : (
              <Box component="ul" aria-labelledby="check-in-shifts" sx={{ listStyle: 'none', p: 0, m: 0 }}>
                {shifts.map((shift) => (
                  <Box component="li" key={shift.id} sx={{ py: 1 }} data-testid={`card-shift-${shift.id}`}>
                    <Typography sx={{ fontWeight: 600 }} dir="auto" id={`card-shift-title-${shift.id}`}>
                      {shift.title}
                    </Typography>
                    <Typography variant="body2" color="text.secondary" dir="auto">
                      {formatTime(i18n.language, shift.startsAt, false, timeZone)}–
                      {formatTime(i18n.language, shift.endsAt, false, timeZone)}
                      {shift.location ? ` · ${shift.location}` : ''}
                    </Typography>
                    <Box sx={{ my: 0.5 }}>
                      <StateChip state={shift.state} />
                    </Box>
                    <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
                      <Button
                        size="small"
                        variant="contained"
                        disabled={!isEnabled}
                        onClick={() => onAction({ kind: 'arrive', shift })}
                        aria-describedby={`card-shift-title-${shift.id}`}
                      >
                        {t('checkIn.arriveShift')}
                      </Button>
                      <Button
                        size="small"
                        variant="outlined"
                        disabled={!isEnabled}
                        onClick={() => onAction({ kind: 'leave', shift })}
                        aria-describedby={`card-shift-title-${shift.id}`}
                      >
                        {t('checkIn.leaveShift')}
                      </Button>
                    </Stack>
                  </Box>
                ))}
              </Box>
            )}
          </>
        ) : null}
      </CardContent>
    </Card>
  );
}
