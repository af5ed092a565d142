import type { RegisterFormInput } from '@funkis/shared';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormHelperText from '@mui/material/FormHelperText';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useId } from 'react';
import { Controller, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { Form } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { FormTextField } from '../../../components/ui/form-text-field';
import { paths } from '../../../config/paths';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useRegister } from '../api/register';

const loadValidation = () => import('./register-validation');
/** Validates with the schema's chunk, fetched once (when the form first has the focus, or at the first check). */
const resolver: Resolver<RegisterFormInput> = async (values, context, options) =>
  (await loadValidation()).registerResolver(values, context, options);

/** Registration (spec sections 2 and 5). Success logs the new user in; failure lists the server's messages. */
export function RegisterForm() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const registerMutation = useRegister();
  const termsErrorId = useId();
  const form = useForm<RegisterFormInput>({
    resolver,
    mode: 'onTouched',
    defaultValues: {
      email: '',
      firstname: '',
      lastname: '',
      password: '',
      passwordConfirmation: '',
      terms: false,
    },
  });
  const { control } = form;

  return (
    // The schema's chunk is fetched when the person comes to the form, not while the page starts (decision 029).
    <Form form={form} onSubmit={(values) => registerMutation.mutate(values)} onFocus={() => void loadValidation()}>
      <Stack spacing={2}>
        <FormTextField control={control} name="email" type="email" label={t('register.email')} autoComplete="email" />
        <FormTextField
          control={control}
          name="password"
          type="password"
          label={t('register.password')}
          autoComplete="new-password"
        />
        <FormTextField
          control={control}
          name="passwordConfirmation"
          type="password"
          label={t('register.passwordConfirmation')}
          autoComplete="new-password"
        />
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <FormTextField control={control} name="firstname" label={t('register.firstname')} autoComplete="given-name" />
          <FormTextField control={control} name="lastname" label={t('register.lastname')} autoComplete="family-name" />
        </Stack>
        <Controller
          control={control}
          name="terms"
          render={({ field, fieldState }) => (
            <FormControl error={Boolean(fieldState.error)}>
              <FormControlLabel
                control={
                  <Checkbox
                    name={field.name}
                    checked={field.value}
                    onChange={(event) => field.onChange(event.target.checked)}
                    onBlur={field.onBlur}
                    inputRef={field.ref}
                    slotProps={{
                      input: { 'aria-describedby': fieldState.error ? termsErrorId : undefined } as object,
                    }}
                  />
                }
                label={
                  <>
                    {t('register.termsPrefix')}{' '}
                    <Link component={RouterLink} to={paths.terms.href()} target="_blank" rel="noopener">
                      {t('register.termsLink')}
                    </Link>
                  </>
                }
              />
              {fieldState.error?.message ? (
                <FormHelperText id={termsErrorId}>{translateMessage(fieldState.error.message)}</FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        <Button type="submit" variant="contained" size="large" loading={registerMutation.isPending} fullWidth>
          {t('register.submit')}
        </Button>
      </Stack>
      <FormErrorList messages={registerMutation.isError ? errorMessagesOf(registerMutation.error) : []} />
    </Form>
  );
}
