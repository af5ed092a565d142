import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import { useTranslateMessage } from '../../hooks/use-translate-message';

/** The server's error messages under a form, one error line each (spec section 8). */
export function FormErrorList({ messages }: { messages: string[] }) {
  const translateMessage = useTranslateMessage();
  if (messages.length === 0) return null;
  return (
    <Stack spacing={1} sx={{ mt: 2 }} data-testid="form-errors">
      {messages.map((message) => (
        <Alert key={message} severity="error" variant="outlined">
          {translateMessage(message)}
        </Alert>
      ))}
    </Stack>
  );
}
