import Box from '@mui/material/Box';
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

/**
 * What is said: 'summary' where the first field with an error receives focus (react-hook-form's forms and the ones
 * that move focus themselves), 'shown' where the errors are shown with the form and focus stays.
 */
export type ErrorAnnouncerKind = 'summary' | 'shown';

interface ErrorAnnouncerProps {
  /** Fields with an error after the latest submit. */
  count: number;
  /** Grows with every submit: each failed submit is announced again, even with the same count. */
  attempt: number;
  kind?: ErrorAnnouncerKind;
}

/**
 * Rendered by `Form` (form.tsx), not by the features. A visually hidden assertive live region, there before it
 * speaks (so every screen reader notices the change), that tells, when a submit fails validation, how many fields
 * need attention. The fields themselves carry aria-invalid and their message via aria-describedby.
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
