import type { NotificationKind } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Divider from '@mui/material/Divider';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import {
  useDeviceState,
  useNotificationSettings,
  useSaveNotificationChoice,
  useTurnOffDevice,
  useTurnOnDevice,
} from '../api/push';
import { addNotificationTexts } from '../lib/notification-texts';
import { isAppleMobile, PushSetupError } from '../lib/push-device';

addNotificationTexts();

/**
 * The kinds of notice in the order shown: NOTIFICATION_KINDS of packages/shared (test/notifications-card.test.tsx
 * holds them equal), written out so this chunk does not move the shared constants into every page's first script.
 */
export const NOTICE_KINDS = [
  'shiftReminder',
  'shiftChange',
  'coverRequest',
  'waitlistPlace',
] as const satisfies readonly NotificationKind[];

/**
 * The account's notifications (decision 030): push on this device (asked for only on a press of the
 * button) and, per kind of notice, whether it may come by push; what may not comes by e-mail.
 */
export function NotificationsCard() {
  const { t } = useTranslation('notifications');
  return (
    <Card variant="outlined" component="section" aria-labelledby="notifications-title" data-testid="notifications">
      <CardHeader
        title={t('title')}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: 'notifications-title' } }}
      />
      <CardContent>
        <Typography color="text.secondary" sx={{ mb: 2 }}>
          {t('intro')}
        </Typography>
        <ThisDevice />
        <Divider sx={{ my: 3 }} />
        <KindChoices />
      </CardContent>
    </Card>
  );
}

function ThisDevice() {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const device = useDeviceState();
  const turnOn = useTurnOnDevice();
  const turnOff = useTurnOffDevice();
  const state = device.data;

  const setupError = turnOn.error instanceof PushSetupError ? turnOn.error.reason : null;
  const apiErrors = [
    ...(turnOn.isError && isApiError(turnOn.error) ? errorMessagesOf(turnOn.error) : []),
    ...(turnOff.isError ? errorMessagesOf(turnOff.error) : []),
  ];

  let status: React.ReactNode;
  let action: React.ReactNode = null;
  if (device.isPending || !state) {
    status = <Typography color="text.secondary">{t('device.checking')}</Typography>;
  } else if (state.permission === 'unsupported') {
    status = (
      <Alert severity="info" variant="outlined">
        {t(isAppleMobile() ? 'device.unsupportedApple' : 'device.unsupported')}
      </Alert>
    );
  } else if (state.permission === 'denied' || setupError === 'denied') {
    status = (
      <Alert severity="warning" variant="outlined">
        {t('device.denied')}
      </Alert>
    );
  } else if (state.subscribed) {
    status = <Typography>{t('device.on')}</Typography>;
    action = (
      <Button
        variant="outlined"
        loading={turnOff.isPending}
        onClick={() =>
          turnOff.mutate(undefined, {
            onSuccess: () => enqueueSnackbar(t('device.turnedOff'), { variant: 'success' }),
          })
        }
      >
        {t('device.turnOff')}
      </Button>
    );
  } else {
    status = <Typography>{t('device.off')}</Typography>;
    action = (
      <Button
        variant="contained"
        loading={turnOn.isPending}
        onClick={() =>
          turnOn.mutate(undefined, {
            onSuccess: () => enqueueSnackbar(t('device.turnedOn'), { variant: 'success' }),
          })
        }
      >
        {t('device.turnOn')}
      </Button>
    );
  }

  return (
    <Box component="section" aria-labelledby="notifications-device-title">
      <Typography component="h3" variant="subtitle1" id="notifications-device-title" sx={{ fontWeight: 600, mb: 1 }}>
        {t('device.title')}
      </Typography>
      <Box role="status" data-testid="push-device-status">
        {status}
      </Box>
      {action ? <Box sx={{ mt: 2 }}>{action}</Box> : null}
      {setupError === 'failed' || setupError === 'dismissed' ? (
        <Alert severity={setupError === 'failed' ? 'error' : 'info'} variant="outlined" sx={{ mt: 2 }}>
          {t(setupError === 'failed' ? 'device.failed' : 'device.dismissed')}
        </Alert>
      ) : null}
      <FormErrorList messages={apiErrors} />
    </Box>
  );
}

function KindChoices() {
  const { t } = useTranslation('notifications');
  const { enqueueSnackbar } = useSnackbar();
  const settings = useNotificationSettings();
  const save = useSaveNotificationChoice();

  const checkedFor = (kind: NotificationKind): boolean => {
    if (save.isPending && save.variables?.kind === kind) return save.variables.push;
    return settings.data?.notifications?.[kind]?.push ?? true;
  };

  return (
    <Box component="section" aria-labelledby="notifications-kinds-title">
      <Typography component="h3" variant="subtitle1" id="notifications-kinds-title" sx={{ fontWeight: 600, mb: 1 }}>
        {t('kinds.title')}
      </Typography>
      <Typography color="text.secondary" sx={{ mb: 2 }} id="notifications-fallback">
        {t('kinds.fallback')}
      </Typography>
      {settings.isPending ? (
        <Typography color="text.secondary" role="status">
          {t('kinds.loading')}
        </Typography>
      ) : settings.isError ? (
        <Box>
          <FormErrorList messages={errorMessagesOf(settings.error)} />
          <Button sx={{ mt: 2 }} variant="outlined" onClick={() => void settings.refetch()}>
            {t('kinds.retry')}
          </Button>
        </Box>
      ) : (
        <Stack component="ul" divider={<Divider component="li" aria-hidden />} sx={{ listStyle: 'none', p: 0, m: 0 }}>
          {NOTICE_KINDS.map((kind) => (
            <Stack
              component="li"
              key={kind}
              direction="row"
              spacing={2}
              sx={{ py: 1.5, alignItems: 'center', justifyContent: 'space-between' }}
            >
              <Box sx={{ minWidth: 0 }}>
                <Typography id={`notification-kind-${kind}`}>{t(`kinds.${kind}.label`)}</Typography>
                <Typography variant="body2" color="text.secondary" id={`notification-kind-${kind}-description`}>
                  {t(`kinds.${kind}.description`)}
                </Typography>
              </Box>
              <FormControlLabel
                sx={{ flexShrink: 0, mr: 0 }}
                labelPlacement="start"
                label={t('kinds.push')}
                control={
                  <Switch
                    checked={checkedFor(kind)}
                    onChange={(_event, push) =>
                      save.mutate(
                        { kind, push },
                        { onSuccess: () => enqueueSnackbar(t('kinds.saved'), { variant: 'success' }) },
                      )
                    }
                    slotProps={{
                      input: {
                        'aria-label': t(`kinds.${kind}.switch`),
                        'aria-describedby': `notification-kind-${kind}-description notifications-fallback`,
                      },
                    }}
                  />
                }
              />
            </Stack>
          ))}
        </Stack>
      )}
      <FormErrorList messages={save.isError ? errorMessagesOf(save.error) : []} />
    </Box>
  );
}
