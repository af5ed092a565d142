import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslateMessage } from '../../hooks/use-translate-message';
import type { ErrorMessage } from '../../lib/api-client';

/** The server's error messages under a form, one error line each (spec section 8), in the user's language. */
export function FormErrorList({ messages }: { messages: ErrorMessage[] }) {
  const translateMessage = useTranslateMessage();
  if (messages.length === 0) return null;
  const texts = [...new Set(messages.map(translateMessage))];
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="form-errors">
      {texts.map((text) => (
        <Alert key={text} severity="error" variant="outlined">
          {text}
        </Alert>
      ))}
    </Stack>
  );
}
