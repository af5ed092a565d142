import { useCallback, useState } from 'react';
import type { ErrorMessage } from '../../lib/api-client';
import { useFormAnnouncer } from './form';

/**
 * A form's error messages shown as a list (`FormErrorList`) and said as well: every `setErrors` announces how many
 * there are (none: nothing is said). Pass `announcer` to `Form`.
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
  return { errors, setErrors, announcer };
}
