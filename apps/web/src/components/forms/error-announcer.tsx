import Box from '@mui/material/Box';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';

const visuallyHidden = {
  position: 'absolute',
  width: '1px',
  height: '1px',
  p: 0,
  m: '-1px',
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

interface ErrorAnnouncerProps {
  /** Fields with an error after the latest submit. */
  count: number;
  /** Grows with every submit: each failed submit is announced again, even with the same count. */
  attempt: number;
  /**
   * What is said: 'summary' (the default) where the first field with an error receives focus (react-hook-form's
   * forms), 'shown' where the errors are shown with the form and focus stays (forms that check themselves).
   */
  kind?: 'summary' | 'shown';
}

/**
 * A visually hidden assertive live region, there before it speaks (so every screen reader notices the change), that
 * tells, when a submit fails validation, how many fields need attention. The fields themselves carry aria-invalid and their message via aria-describedby, and
 * the first one receives focus.
 */
export function ErrorAnnouncer({ count, attempt, kind = 'summary' }: ErrorAnnouncerProps) {
  const { t } = useTranslation();
  const text = attempt > 0 && count > 0 ? t(`formErrors.${kind}`, { count }) : '';
  return (
    <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden} data-testid="form-error-announcer">
      {/* A new node per attempt, so the same sentence is read again after another failed submit. */}
      {text ? <span key={attempt}>{text}</span> : null}
    </Box>
  );
}

/**
 * The announcer for a form that checks its fields itself (state and a schema's `safeParse`), as
 * `FormErrorAnnouncer` is for react-hook-form: render `announcer` inside the form and call `announce(count)` after
 * every submit with the number of fields (or messages) that need attention; 0 says nothing.
 */
export function useErrorAnnouncer() {
  const [state, setState] = useState({ count: 0, attempt: 0 });
  const announce = useCallback((count: number) => setState((last) => ({ count, attempt: last.attempt + 1 })), []);
  return { announcer: <ErrorAnnouncer count={state.count} attempt={state.attempt} kind="shown" />, announce };
}
