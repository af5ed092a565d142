import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/ui/load-error';
import { useMyCode } from '../api/get-my-code';
import { QrCodeSvg } from './qr-code-svg';

export interface MyCodePageProps {
  eventId: number;
  eventName: string;
  personName: string;
}

/**
 * The member's own code for the event day (every member): a QR code to show at the info desk or to their group
 * leader. The code is kept on the phone with the day's other answers, so it shows without signal too, saying when
 * it was last updated.
 */
export function MyCodePage({ eventId, eventName, personName }: MyCodePageProps) {
  const { t, i18n } = useTranslation('event-day');
  const query = useMyCode(eventId);
  const code = query.data?.code ?? null;
  // The kept code (lib/offline-data.ts) while the server cannot be reached: shown, with when it was fetched.
  const keptSince = query.isError && query.data ? query.dataUpdatedAt : null;

  return (
    <Box sx={{ maxWidth: 480, mx: 'auto' }}>
      <Typography variant="h4" component="h1" sx={{ mb: 2 }}>
        {t('myCode.title')}
      </Typography>
      {code ? (
        <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, textAlign: 'center' }}>
          <Typography variant="h5" component="p" dir="auto" sx={{ fontWeight: 600 }} data-testid="my-code-name">
            {personName}
          </Typography>
          <Typography color="text.secondary" dir="auto" sx={{ mb: 2 }}>
            {eventName}
          </Typography>
          {/* White padding around the code whatever the theme: a dark page around it confuses some scanners. */}
          <Box sx={{ bgcolor: '#ffffff', p: 1, borderRadius: 1, display: 'flex', justifyContent: 'center' }}>
            <QrCodeSvg text={code} label={t('myCode.qrLabel', { name: personName, event: eventName })} />
          </Box>
          <Typography sx={{ mt: 2 }}>{t('myCode.help')}</Typography>
          {keptSince !== null ? (
            <Alert severity="warning" sx={{ mt: 2, textAlign: 'start' }} data-testid="my-code-offline">
              {t('myCode.offline', {
                time: new Intl.DateTimeFormat(i18n.language, { hour: '2-digit', minute: '2-digit' }).format(keptSince),
              })}
            </Alert>
          ) : null}
        </Paper>
      ) : query.isError ? (
        <LoadError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
          <CircularProgress aria-label={t('myCode.loading')} />
        </Box>
      )}
    </Box>
  );
}
