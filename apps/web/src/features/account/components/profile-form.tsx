import { type User, updateInfoSchema } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useUpdateInfo } from '../api/update-info';

export function ProfileForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const updateMutation = useUpdateInfo();
  const form = useForm({
    resolver: zodResolver(updateInfoSchema),
    mode: 'onTouched',
    defaultValues: { firstname: user.firstname, lastname: user.lastname },
  });
  const { control, reset } = form;

  return (
    <Card>
      <CardHeader title={t('account.profile.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        <Form
          form={form}
          onSubmit={(values) =>
            updateMutation.mutate(values, {
              onSuccess: ({ user: updated }) => {
                reset({ firstname: updated.firstname, lastname: updated.lastname });
                enqueueSnackbar(t('snackbar.profileUpdated'), { variant: 'success' });
              },
            })
          }
        >
          <Stack spacing={2}>
            <TextField
              label={t('account.profile.email')}
              value={user.email}
              slotProps={{ input: { readOnly: true } }}
              helperText=" "
            />
            <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
              <FormTextField
                control={control}
                name="firstname"
                label={t('account.profile.firstname')}
                autoComplete="given-name"
              />
              <FormTextField
                control={control}
                name="lastname"
                label={t('account.profile.lastname')}
                autoComplete="family-name"
              />
            </Stack>
          </Stack>
          <FormErrorList messages={updateMutation.isError ? errorMessagesOf(updateMutation.error) : []} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={updateMutation.isPending}>
              {t('account.profile.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
