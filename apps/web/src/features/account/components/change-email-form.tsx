import { changeEmailSchema, type User } from '@funkis/shared';
import { zodResolver } from '@hookform/resolvers/zod';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Stack from '@mui/material/Stack';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { ResendConfirmationButton } from '../../../components/ui/resend-confirmation-button';
import { errorMessagesOf } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useChangeEmail } from '../api/change-email';

export function ChangeEmailForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const { t: tConfirm } = useTranslation('confirm');
  const { enqueueSnackbar } = useSnackbar();
  const changeMutation = useChangeEmail();
  const form = useForm({
    resolver: zodResolver(changeEmailSchema),
    mode: 'onTouched',
    defaultValues: { newEmail: '', password: '' },
  });
  const { control, reset } = form;

  return (
    <Card>
      <CardHeader
        title={t('security.changeEmail.title')}
        subheader={t('security.changeEmail.currentEmail', { email: user.email })}
        slotProps={{ title: { component: 'h2', variant: 'h6' } }}
      />
      <CardContent>
        {user.pendingEmail ? (
          <Alert severity="info" sx={{ mb: 2, overflowWrap: 'anywhere' }} data-testid="pending-email">
            <Box sx={{ mb: 1 }}>{tConfirm('pending', { email: user.pendingEmail })}</Box>
            <ResendConfirmationButton address={user.pendingEmail} />
          </Alert>
        ) : null}
        <Form
          form={form}
          onSubmit={(values) =>
            changeMutation.mutate(values, {
              // The address changes when the link mailed to it is opened (decision 020): the snackbar says where to look,
              // and 'Email updated' comes from the confirmation page.
              onSuccess: ({ user: changed }) => {
                reset();
                enqueueSnackbar(
                  changed.pendingEmail
                    ? tConfirm('changeRequested', { email: changed.pendingEmail })
                    : tConfirm('unchanged'),
                  { variant: 'success' },
                );
              },
            })
          }
        >
          <Stack spacing={2}>
            <FormTextField
              control={control}
              name="newEmail"
              type="email"
              label={t('security.changeEmail.newEmail')}
              autoComplete="email"
            />
            <FormTextField
              control={control}
              name="password"
              type="password"
              label={t('security.changeEmail.password')}
              autoComplete="current-password"
            />
          </Stack>
          <FormErrorList messages={changeMutation.isError ? errorMessagesOf(changeMutation.error) : []} />
          <Box sx={{ mt: 2 }}>
            <Button type="submit" variant="contained" loading={changeMutation.isPending}>
              {t('security.changeEmail.submit')}
            </Button>
          </Box>
        </Form>
      </CardContent>
    </Card>
  );
}
