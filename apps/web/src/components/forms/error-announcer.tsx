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

interface ErrorAnnouncerProps {
  /** Fields with an error after the latest submit. */
  count: number;
  /** Grows with every submit: each failed submit is announced again, even with the same count. */
  attempt: number;
}

/**
 * A visually hidden assertive live region, there before it speaks (so every screen reader notices the change), that
 * tells, when a submit fails validation, how many fields need attention. The fields themselves carry aria-invalid and their message via aria-describedby, and
 * the first one receives focus.
 */
export function ErrorAnnouncer({ count, attempt }: ErrorAnnouncerProps) {
  const { t } = useTranslation();
  const text = attempt > 0 && count > 0 ? t('formErrors.summary', { count }) : '';
  return (
    <Box aria-live="assertive" aria-atomic="true" sx={visuallyHidden} data-testid="form-error-announcer">
      {/* A new node per attempt, so the same sentence is read again after another failed submit. */}
      {text ? <span key={attempt}>{text}</span> : null}
    </Box>
  );
}
