import {
  type Answers,
  type AnswerValue,
  type CodedMessage,
  type FormField,
  isDisplayOnlyField,
  validateAnswer,
  validateAnswers,
} from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Form, useFormAnnouncer } from '../../../components/forms/form';
import { FormFieldInput } from '../../../components/forms/form-field-input';
import { useTranslateFormMessage } from '../../../components/forms/translate-form-message';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf, isApiError } from '../../../lib/api-client';
import { useSnackbar } from '../../../lib/toast';
import { useApply } from '../api/apply';
import { applyPageQueryOptions } from '../api/get-apply-page';

/**
 * The applicant's form: each field checked by the shared rules once touched (all of them on submit), the
 * server's message per field shown under it after a 400.
 */
export function ApplyForm({ eventId, fields, onSent }: { eventId: number; fields: FormField[]; onSent?(): void }) {
  const { t } = useTranslation('apply');
  const { enqueueSnackbar } = useSnackbar();
  const queryClient = useQueryClient();
  const { translateIssue, translateMessage } = useTranslateFormMessage();
  const mutation = useApply(eventId);
  const [answers, setAnswers] = useState<Answers>({});
  const [touched, setTouched] = useState<Record<string, boolean>>({});
  const [serverErrors, setServerErrors] = useState<Record<string, CodedMessage>>({});
  const [isSubmitted, setIsSubmitted] = useState(false);
  // 'summary': a failed submit moves focus to the first question to correct.
  const announcer = useFormAnnouncer('summary');

  const errorOf = (field: FormField): string | null => {
    const serverError = serverErrors[field.name];
    if (serverError) return translateMessage(serverError);
    if (!isSubmitted && !touched[field.name]) return null;
    const issue = validateAnswer(field, answers[field.name]);
    return issue ? translateIssue(issue) : null;
  };

  const setAnswer = (name: string, value: AnswerValue) => {
    setAnswers((current) => ({ ...current, [name]: value }));
    setServerErrors(({ [name]: _dropped, ...rest }) => rest);
  };

  const onSubmit = () => {
    setIsSubmitted(true);
    const result = validateAnswers(fields, answers);
    if (!result.isValid) {
      announcer.announce(Object.keys(result.issues).length);
      const first = fields.find((field) => field.name in result.issues);
      if (first)
        document
          .querySelector<HTMLElement>(
            `[data-field="${first.name}"] input, [data-field="${first.name}"] textarea, [data-field="${first.name}"] [role="combobox"]`,
          )
          ?.focus();
      return;
    }
    mutation.mutate(result.value, {
      onSuccess: () => {
        onSent?.();
        enqueueSnackbar(t('sent'), { variant: 'success' });
      },
      onError: (error) => {
        if (!isApiError(error)) return;
        setServerErrors(error.fieldErrors);
        // Closed or already sent in the meantime: the page then shows that state.
        if (error.status === 409)
          void queryClient.invalidateQueries({ queryKey: applyPageQueryOptions(eventId).queryKey });
      },
    });
  };

  const answerable = fields.filter((field) => !isDisplayOnlyField(field.type));
  // Errors of one question show under it; the rest (closed, already applied) under the form.
  const generalErrors = mutation.isError
    ? errorMessagesOf(mutation.error)
        .filter((message) => typeof message === 'string' || !message.field)
        .map((message) => translateMessage(message))
    : [];

  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Form announcer={announcer} onSubmit={onSubmit} aria-label={t('formLabel')}>
        <Stack spacing={3}>
          {answerable.length === 0 ? <Typography color="text.secondary">{t('noQuestions')}</Typography> : null}
          {fields.map((field) => (
            <Box key={field.name} data-field={field.name}>
              <FormFieldInput
                field={field}
                value={answers[field.name]}
                onChange={(value) => setAnswer(field.name, value)}
                onBlur={() => setTouched((current) => ({ ...current, [field.name]: true }))}
                error={errorOf(field)}
                disabled={mutation.isPending}
              />
            </Box>
          ))}
        </Stack>
        <FormErrorList messages={generalErrors} />
        <Box sx={{ mt: 3 }}>
          <Button type="submit" variant="contained" size="large" loading={mutation.isPending} fullWidth={false}>
            {t('submit')}
          </Button>
        </Box>
      </Form>
    </Paper>
  );
}
