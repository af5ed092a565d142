import { AVATAR_MAX_BYTES, IMAGE_TYPES, type User } from '@funkis/shared';
import PhotoCameraOutlined from '@mui/icons-material/PhotoCameraOutlined';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ChangeEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useUploadAvatar } from '../api/upload-avatar';

/** The image types the server accepts for an avatar. */
export const AVATAR_TYPES: readonly string[] = IMAGE_TYPES;

/** Checked before upload so a wrong or too-large file fails at once (same messages as the server, which checks again). */
export function validateAvatarFile(file: File): 'error.avatarType' | 'error.avatarTooLarge' | null {
  if (!AVATAR_TYPES.includes(file.type)) return 'error.avatarType';
  if (file.size > AVATAR_MAX_BYTES) return 'error.avatarTooLarge';
  return null;
}

export function AvatarCard({ user }: { user: User }) {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const { enqueueSnackbar } = useSnackbar();
  const uploadMutation = useUploadAvatar();
  const [fileError, setFileError] = useState<string | null>(null);
  const name = `${user.firstname} ${user.lastname}`;

  const handleFile = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // choosing the same file again still fires a change
    if (!file) return;
    const problem = validateAvatarFile(file);
    setFileError(problem ? t(problem) : null);
    if (problem) return;
    uploadMutation.mutate(file, {
      onSuccess: () => enqueueSnackbar(t('account.avatar.uploaded'), { variant: 'success' }),
    });
  };

  const errors = fileError ? [fileError] : uploadMutation.isError ? errorMessagesOf(uploadMutation.error) : [];

  return (
    <Card>
      <CardHeader title={t('account.avatar.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={3}
          sx={{ alignItems: { xs: 'flex-start', sm: 'center' } }}
        >
          <Avatar
            src={user.avatar ?? undefined}
            alt={t('account.avatar.alt', { name })}
            sx={{ width: 96, height: 96, fontSize: 36 }}
          >
            {`${user.firstname.charAt(0)}${user.lastname.charAt(0)}`.toUpperCase()}
          </Avatar>
          <Stack spacing={1}>
            <Button
              component="label"
              variant="outlined"
              startIcon={<PhotoCameraOutlined />}
              loading={uploadMutation.isPending}
            >
              {t('account.avatar.upload')}
              <input hidden type="file" accept={AVATAR_TYPES.join(',')} onChange={handleFile} />
            </Button>
            <Typography variant="body2" color="text.secondary">
              {t('account.avatar.hint')}
            </Typography>
          </Stack>
        </Stack>
        {[...new Set(errors.map(translateMessage))].map((text) => (
          <Alert key={text} severity="error" variant="outlined" sx={{ mt: 2 }}>
            {text}
          </Alert>
        ))}
      </CardContent>
    </Card>
  );
}
