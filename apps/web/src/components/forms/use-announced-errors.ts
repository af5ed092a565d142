import { useCallback, useState } from 'react';
import { type ErrorMessage, errorMessagesOf } from '../../lib/api-client';
import { useFormAnnouncer } from './form';

/**
 * A form's error messages shown as a list (`FormErrorList`) and said as well: every `setErrors` announces how many
 * there are (none: nothing is said). Pass `announcer` to `Form`. `attempt(save)` runs a submit's call: the
 * messages cleared first, the server's refusal shown and said if it refuses; it answers whether the call went through.
 */
export function useAnnouncedErrors() {
  const [errors, showErrors] = useState<ErrorMessage[]>([]);
  const announcer = useFormAnnouncer();
  const { announce } = announcer;
  const setErrors = useCallback(
    (messages: ErrorMessage[]) => {
      showErrors(messages);
      announce(messages.length);
    },
    [announce],
  );
  const attempt = useCallback(
    async (save: () => Promise<unknown>): Promise<boolean> => {
      setErrors([]);
      try {
        await save();
        return true;
      } catch (error) {
        setErrors(errorMessagesOf(error));
        return false;
      }
    },
    [setErrors],
  );
  return { errors, setErrors, attempt, announcer };
}
