import type { WishRoundStatus } from '@funkis/shared';
import Chip from '@mui/material/Chip';
import { useTranslation } from 'react-i18next';

const COLOURS = { open: 'primary', closed: 'warning', published: 'success' } as const;

/** "Open for wishes", "Closed", "Published". */
export function RoundStatus({ status }: { status: WishRoundStatus }) {
  const { t } = useTranslation('wish-rounds');
  return (
    <Chip
      size="small"
      variant="outlined"
      color={COLOURS[status]}
      label={t(`status.${status}`)}
      data-testid="round-status"
    />
  );
}

/** "Wed 3 Jul, 18:00" in the reader's language and the event's zone. */
export function formatInstant(language: string, instant: string, timeZone: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    hour: '2-digit',
    minute: '2-digit',
    timeZone,
  }).format(new Date(instant));
}
