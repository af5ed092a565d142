import type { Answers, AnswerValue, FormField } from '@funkis/shared';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormFieldInput } from '../../../components/forms/form-field-input';

/** The live preview: the fields through the same component the apply page uses (answers here are never sent). */
export function FormPreview({ fields }: { fields: readonly FormField[] }) {
  const { t } = useTranslation('forms');
  const [answers, setAnswers] = useState<Answers>({});
  if (fields.length === 0) {
    return <Typography color="text.secondary">{t('builder.previewEmpty')}</Typography>;
  }
  return (
    <Stack spacing={3} data-testid="form-preview">
      {fields.map((field) => (
        <FormFieldInput
          key={field.name}
          field={field}
          value={answers[field.name]}
          onChange={(value: AnswerValue) => setAnswers((current) => ({ ...current, [field.name]: value }))}
        />
      ))}
    </Stack>
  );
}
