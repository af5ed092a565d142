import CheckCircleOutlined from '@mui/icons-material/CheckCircleOutlined';
import HighlightOffOutlined from '@mui/icons-material/HighlightOffOutlined';
import LogoutOutlined from '@mui/icons-material/LogoutOutlined';
import ScheduleOutlined from '@mui/icons-material/ScheduleOutlined';
import WarningAmberOutlined from '@mui/icons-material/WarningAmberOutlined';
import Chip from '@mui/material/Chip';
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BoardState } from '../limits';

/** Each state's colour and icon; the text beside them says the state too (never colour alone). */
const LOOK: Record<BoardState, { color: string; icon: ReactElement }> = {
  expected: { color: 'info.main', icon: <ScheduleOutlined /> },
  arrived: { color: 'success.main', icon: <CheckCircleOutlined /> },
  late: { color: 'warning.main', icon: <WarningAmberOutlined /> },
  no_show: { color: 'error.main', icon: <HighlightOffOutlined /> },
  left: { color: 'text.secondary', icon: <LogoutOutlined /> },
};

/**
 * A state as a chip: its word in the theme's text colour (readable in every theme), a coloured icon and border.
 * With `name`, the person's name comes first: "Ada Berg · Arrived".
 */
export function StateChip({ state, name, count }: { state: BoardState; name?: string; count?: number }) {
  const { t } = useTranslation('event-day');
  const word = t(`board.state.${state}`);
  const label = [name, word, count === undefined ? undefined : String(count)].filter(Boolean).join(' · ');
  return (
    <Chip
      variant="outlined"
      size="small"
      icon={LOOK[state].icon}
      label={label}
      data-state={state}
      sx={{
        borderColor: LOOK[state].color,
        borderWidth: 2,
        color: 'text.primary',
        maxWidth: '100%',
        '& .MuiChip-icon': { color: LOOK[state].color },
      }}
    />
  );
}
