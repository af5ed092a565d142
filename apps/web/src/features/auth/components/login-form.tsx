import type { LoginInput } from '@funkis/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useEffect } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormErrorAnnouncer } from '../../../components/forms/form-error-announcer';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { errorMessagesOf } from '../../../lib/api-client';
import { useLogin } from '../api/login';

/**
 * The validation (zod and the login schema) is a chunk of its own, fetched once the form is on screen, so the
 * login page paints without zod, the largest library it would otherwise load (issue 12).
 */
const loadResolver = () => import('./login-resolver');
const resolver: Resolver<LoginInput> = async (values, context, options) =>
  (await loadResolver()).loginResolver(values, context, options);

/** E-mail and password. Success starts the session; the surrounding route decides where the user lands. */
export function LoginForm() {
  const { t } = useTranslation();
  const loginMutation = useLogin();
  useEffect(() => {
    void loadResolver();
  }, []);
  const { control, handleSubmit } = useForm({
    resolver,
    mode: 'onTouched',
    defaultValues: { email: '', password: '' },
  });

  return (
    <form noValidate onSubmit={handleSubmit((values) => loginMutation.mutate(values))}>
      <FormErrorAnnouncer control={control} />
      <Stack spacing={2}>
        <FormTextField control={control} name="email" type="email" label={t('login.email')} autoComplete="email" />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" loading={loginMutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
      <FormErrorList messages={loginMutation.isError ? errorMessagesOf(loginMutation.error) : []} />
    </form>
  );
}
