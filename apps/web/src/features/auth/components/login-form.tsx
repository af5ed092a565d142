import type { LoginInput } from '@funkis/shared';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFormAnnouncer } from '../../../components/forms/form';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { LightTextField } from '../../../components/ui/light-text-field';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useLogin } from '../api/login';
import type { LoginField } from './login-validation';

/**
 * The validation (zod and the login schema) is a chunk of its own, fetched once the form has the focus, so the
 * login page paints without zod. The form itself keeps two fields in state rather than loading react-hook-form,
 * the largest library the page would otherwise fetch before its first paint (decision 017).
 */
const loadValidation = () => import('./login-validation');
const preloadValidation = () => void loadValidation();

const FIELDS: readonly LoginField[] = ['email', 'password'];
type Errors = Partial<Record<LoginField, string>>;
type Shown = Record<LoginField, boolean>;

/**
 * E-mail and password. Success starts the session; the surrounding route decides where the user lands.
 * As the other forms (react-hook-form's `onTouched`): a field's error shows once it has been left or the form
 * submitted, and follows every change after that; a failed submit focuses the first invalid field and is announced.
 */
export function LoginForm() {
  const { t } = useTranslation();
  const translateMessage = useTranslateMessage();
  const loginMutation = useLogin();
  const [values, setValues] = useState<LoginInput>({ email: '', password: '' });
  const [shown, setShown] = useState<Shown>({ email: false, password: false });
  const [errors, setErrors] = useState<Errors>({});
  // 'summary': a failed submit moves focus to the first field with an error, as react-hook-form's forms do.
  const announcer = useFormAnnouncer('summary');
  const inputs = useRef<Partial<Record<LoginField, HTMLInputElement | null>>>({});
  // Validation is asynchronous (its chunk): only the latest run may set the errors.
  const latestRun = useRef(0);

  const validate = async (next: LoginInput, visible: Shown): Promise<Errors | null> => {
    const run = ++latestRun.current;
    const found = (await loadValidation()).validateLogin(next);
    if (run !== latestRun.current) return null;
    setErrors(
      Object.fromEntries(
        FIELDS.filter((field) => visible[field] && found[field]).map((field) => [field, found[field]]),
      ),
    );
    return found;
  };

  // Two changes before a render (the painted page's typing carried over, lib/prerendered.ts) must both count.
  const latestValues = useRef(values);
  const change = (field: LoginField, value: string) => {
    const next = { ...latestValues.current, [field]: value };
    latestValues.current = next;
    setValues(next);
    if (shown[field]) void validate(next, shown);
  };

  const leave = (field: LoginField) => {
    const visible = { ...shown, [field]: true };
    setShown(visible);
    void validate(values, visible);
  };

  const submit = async () => {
    const visible = { email: true, password: true };
    setShown(visible);
    const found = await validate(values, visible);
    if (!found) return;
    const invalid = FIELDS.filter((field) => found[field]);
    announcer.announce(invalid.length);
    if (invalid[0]) {
      inputs.current[invalid[0]]?.focus();
      return;
    }
    loginMutation.mutate(values);
  };

  const field = (name: LoginField) => {
    const error = errors[name];
    return {
      name,
      value: values[name],
      onChange: (event: ChangeEvent<HTMLInputElement>) => change(name, event.target.value),
      onBlur: () => leave(name),
      inputRef: (element: HTMLInputElement | null) => {
        inputs.current[name] = element;
      },
      error: Boolean(error),
      helperText: error ? translateMessage(error) : undefined,
      fullWidth: true,
    };
  };

  return (
    // The validation's chunk (zod builds its schemas when it runs, a long task on a slow phone) is fetched when the
    // person comes to the form, not while the page starts (decision 029); a submit waits for it in any case.
    <Form announcer={announcer} onSubmit={submit} onFocus={preloadValidation}>
      <Stack spacing={2}>
        <LightTextField {...field('email')} type="email" label={t('login.email')} autoComplete="email" />
        <LightTextField
          {...field('password')}
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
        />
        <Button type="submit" variant="contained" size="large" loading={loginMutation.isPending} fullWidth>
          {t('login.submit')}
        </Button>
      </Stack>
      <FormErrorList messages={loginMutation.isError ? errorMessagesOf(loginMutation.error) : []} />
    </Form>
  );
}
