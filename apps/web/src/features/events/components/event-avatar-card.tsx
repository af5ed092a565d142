import { type Event, IMAGE_TYPES } from '@funkis/shared';
import UploadOutlined from '@mui/icons-material/UploadOutlined';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useUploadEventAvatar } from '../api/upload-event-avatar';

export function EventAvatarCard({ event }: { event: Event }) {
  const { t } = useTranslation('events');
  const { enqueueSnackbar } = useSnackbar();
  const uploadMutation = useUploadEventAvatar();

  const onFile = (file: File | undefined) => {
    if (!file) return;
    uploadMutation.mutate(
      { eventId: event.id, file },
      { onSuccess: () => enqueueSnackbar(t('avatar.uploaded'), { variant: 'success' }) },
    );
  };

  return (
    <Card variant="outlined">
      <CardHeader title={t('avatar.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Avatar src={event.avatarUrl ?? undefined} alt="" sx={{ width: 64, height: 64 }}>
            {event.name.charAt(0).toUpperCase()}
          </Avatar>
          <Stack spacing={0.5}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<UploadOutlined />}
              loading={uploadMutation.isPending}
            >
              {t('avatar.upload')}
              <input
                hidden
                type="file"
                accept={IMAGE_TYPES.join(',')}
                onChange={(changeEvent) => {
                  onFile(changeEvent.target.files?.[0]);
                  changeEvent.target.value = '';
                }}
              />
            </Button>
            <Typography variant="caption" color="text.secondary">
              {t('avatar.hint')}
            </Typography>
          </Stack>
        </Stack>
        <FormErrorList messages={uploadMutation.isError ? errorMessagesOf(uploadMutation.error) : []} />
      </CardContent>
    </Card>
  );
}
