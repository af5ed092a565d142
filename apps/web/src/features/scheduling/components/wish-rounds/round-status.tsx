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
