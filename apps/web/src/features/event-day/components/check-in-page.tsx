import { type Caller, type CheckIn, type CheckInInput, canCheckIn, canRevokeCode, isAdmin } from '@funkis/shared';
import PictureAsPdfOutlined from '@mui/icons-material/PictureAsPdfOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Paper from '@mui/material/Paper';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Snackbar from '@mui/material/Snackbar';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { type BadgeSize, badgesHref } from '../api/badges';
import { type PersonRef, usePerson } from '../api/get-person';
import { useRecordCheckIn } from '../api/record-check-in';
import { useUndoCheckIn } from '../api/undo-check-in';
import { useOfflineQueue } from '../hooks/use-offline-queue';
import { UNDO_SECONDS } from '../limits';
import { type CardAction, PersonCard } from './person-card';
import { PersonSearch } from './person-search';
import { Scanner } from './scanner';

export interface CheckInPageProps {
  eventId: number;
  caller: Caller;
  timeZone?: string;
}

interface Recorded {
  checkIn: CheckIn;
  text: string;
}

/** Admins only, and rarely: a chunk of its own (the dialog's parts are not otherwise on this screen). */
const ReplaceCodeDialog = lazy(() =>
  import('./replace-code-dialog').then((module) => ({ default: module.ReplaceCodeDialog })),
);

/** Read by screen readers, not shown (in px: MUI's sx reads a width of 1 as 100%). */
const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
} as const;

/**
 * The check-in screen (admins; leaders their group): scan a member's code or find them by name, then record their
 * arrival or leaving at the event or for a shift. A result can be undone for a minute; without a connection the
 * check-in is kept on the phone and sent when it is back (offline-queue.ts). Results are said in a live region.
 */
export function CheckInPage({ eventId, caller, timeZone }: CheckInPageProps) {
  const { t } = useTranslation('event-day');
  const translate = useTranslateMessage();
  const [who, setWho] = useState<PersonRef | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [recorded, setRecorded] = useState<Recorded | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [badgeSize, setBadgeSize] = useState<BadgeSize>('a4');
  const [isReplacingCode, setReplacingCode] = useState(false);
  /** When the person was scanned or chosen: the time a check-in kept offline for a code not yet known carries. */
  const [scannedAt, setScannedAt] = useState<string | null>(null);
  const person = usePerson(eventId, who);
  const record = useRecordCheckIn(eventId);
  const undo = useUndoCheckIn(eventId);
  const { waiting, lastReplay } = useOfflineQueue(eventId);

  const say = (text: string) => {
    // Cleared first, so the same sentence twice is announced twice.
    setAnnouncement('');
    requestAnimationFrame(() => setAnnouncement(text));
  };

  const choose = (next: PersonRef) => {
    setProblem(null);
    setWho(next);
    setScannedAt(new Date().toISOString());
  };

  const data = person.data?.person;
  const name = data ? `${data.firstname} ${data.lastname}` : t('checkIn.aScannedCode');
  // A code scanned without a connection: the person is not known yet, but the event check-in can still be kept.
  const isOfflineScan =
    who !== null && 'code' in who && !data && person.isError && isApiError(person.error) && person.error.status === 0;
  const mayCheckIn = data ? canCheckIn(caller, data.group?.id ?? null) : isOfflineScan;

  const onAction = async ({ kind, shift }: CardAction) => {
    if (!who) return;
    setProblem(null);
    const input: CheckInInput = {
      ...who,
      kind,
      shiftId: shift?.id ?? null,
      ...(isOfflineScan && scannedAt ? { at: scannedAt } : {}),
    };
    try {
      const outcome = await record.mutateAsync({ input, label: name });
      if (outcome.status === 'queued') {
        setRecorded(null);
        // The count includes this one: the store has it by now.
        say(t('checkIn.queued', { count: waiting + 1 }));
        return;
      }
      const { checkIn } = outcome;
      const key = shift ? (kind === 'arrive' ? 'arriveShift' : 'leaveShift') : kind;
      const text = checkIn.applied
        ? t(`checkIn.recorded.${key}`, { name, shift: shift?.title ?? '' })
        : t('checkIn.notApplied', { name });
      setRecorded({ checkIn, text });
      say(text);
    } catch (error) {
      const text = errorMessagesOf(error).map(translate).join(' ');
      setProblem(text);
      say(text);
    }
  };

  const onUndo = async () => {
    if (!recorded) return;
    const id = recorded.checkIn.id;
    setRecorded(null);
    try {
      await undo.mutateAsync(id);
      say(t('checkIn.undone'));
    } catch (error) {
      const text = errorMessagesOf(error).map(translate).join(' ');
      setProblem(text);
      say(text);
    }
  };

  const undoLeftMs = recorded
    ? Math.max(0, UNDO_SECONDS * 1000 - (Date.now() - Date.parse(recorded.checkIn.recordedAt)))
    : 0;
  const badgeGroup = isAdmin(caller) ? null : caller.groupId;

  return (
    <Box>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('checkIn.title')}
      </Typography>
      <Box role="status" aria-live="polite" sx={visuallyHidden} data-testid="check-in-live">
        {announcement}
      </Box>
      {waiting > 0 ? (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="check-in-queue">
          {t('checkIn.queued', { count: waiting })}
        </Alert>
      ) : null}
      {lastReplay && lastReplay.sent.length > 0 && waiting === 0 ? (
        <Alert severity="success" sx={{ mb: 2 }} data-testid="check-in-sent">
          {t('checkIn.sentFromPhone', { count: lastReplay.sent.length })}
        </Alert>
      ) : null}
      {lastReplay?.refused.map(({ item, error }) => (
        <Alert severity="error" sx={{ mb: 2 }} key={item.input.clientId}>
          {t('checkIn.refusedFromPhone', {
            name: item.label,
            reason: errorMessagesOf(error).map(translate).join(' '),
          })}
        </Alert>
      ))}

      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: '1fr', md: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <Stack spacing={3}>
          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="check-in-scan">
            <Typography variant="h6" component="h2" id="check-in-scan" sx={{ mb: 1 }}>
              {t('checkIn.scanHeading')}
            </Typography>
            <Scanner onCode={(code) => choose({ code })} />
          </Paper>
          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="check-in-search">
            <Typography variant="h6" component="h2" id="check-in-search" sx={{ mb: 2 }}>
              {t('checkIn.searchHeading')}
            </Typography>
            <PersonSearch eventId={eventId} onChoose={(chosen) => choose({ eventUserId: chosen.eventUserId })} />
          </Paper>
        </Stack>

        <Stack spacing={2}>
          {problem ? (
            <Alert severity="error" data-testid="check-in-problem">
              {problem}
            </Alert>
          ) : null}
          {who === null ? null : data ? (
            <PersonCard
              name={name}
              groupName={data.group?.name ?? null}
              onSite={data.onSite}
              shifts={data.shifts}
              timeZone={timeZone}
              isEnabled={mayCheckIn && !record.isPending}
              onAction={(action) => void onAction(action)}
            />
          ) : isOfflineScan ? (
            <>
              <Alert severity="info">{t('checkIn.scannedOffline')}</Alert>
              <PersonCard
                name={name}
                shifts={[]}
                isEnabled={!record.isPending}
                onAction={(action) => void onAction(action)}
              />
            </>
          ) : person.isError ? (
            <LoadError error={person.error} onRetry={() => void person.refetch()} />
          ) : (
            <Box sx={{ display: 'flex', justifyContent: 'center', py: 4 }}>
              <CircularProgress aria-label={t('checkIn.personHeading')} />
            </Box>
          )}

          {data && canRevokeCode(caller) ? (
            <Box>
              <Button size="small" color="error" onClick={() => setReplacingCode(true)}>
                {t('checkIn.replaceCode')}
              </Button>
            </Box>
          ) : null}
          {data && isReplacingCode ? (
            <Suspense fallback={null}>
              <ReplaceCodeDialog
                eventId={eventId}
                eventUserId={data.eventUserId}
                name={name}
                onClose={() => setReplacingCode(false)}
                onDone={() => {
                  setReplacingCode(false);
                  // The scanned code no longer works: the card now follows the person, not the code.
                  setWho({ eventUserId: data.eventUserId });
                  say(t('checkIn.codeReplaced', { name }));
                }}
              />
            </Suspense>
          ) : null}

          <Paper component="section" variant="outlined" sx={{ p: 2 }} aria-labelledby="check-in-badges">
            <FormLabel id="check-in-badges">{t('checkIn.badgeSize')}</FormLabel>
            <RadioGroup
              row
              aria-labelledby="check-in-badges"
              value={badgeSize}
              onChange={(event) => setBadgeSize(event.target.value as BadgeSize)}
            >
              <FormControlLabel value="a4" control={<Radio />} label={t('checkIn.badgesA4')} />
              <FormControlLabel value="labels" control={<Radio />} label={t('checkIn.badgesLabels')} />
            </RadioGroup>
            <Button
              variant="outlined"
              href={badgesHref(eventId, badgeSize, badgeGroup)}
              target="_blank"
              rel="noopener"
              startIcon={<PictureAsPdfOutlined />}
            >
              {t('checkIn.badges')}
            </Button>
          </Paper>
        </Stack>
      </Box>

      <Snackbar
        open={recorded !== null}
        key={recorded?.checkIn.id}
        autoHideDuration={undoLeftMs}
        onClose={(_, reason) => {
          if (reason !== 'clickaway') setRecorded(null);
        }}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'center' }}
      >
        <Alert
          severity={recorded?.checkIn.applied === false ? 'warning' : 'success'}
          sx={{ boxShadow: 6, alignItems: 'center' }}
          // Said by the page's live region already: the snackbar itself stays quiet.
          role="presentation"
          data-testid="check-in-result"
          action={
            <Button color="inherit" size="small" onClick={() => void onUndo()}>
              {t('checkIn.undo')}
            </Button>
          }
        >
          {recorded?.text}
        </Alert>
      </Snackbar>
    </Box>
  );
}
