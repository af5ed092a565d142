import type { ShiftBlock } from '@funkis/shared';
import Box from '@mui/material/Box';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useEventZone } from './event-zone';
import { dayKey } from './format';
import { toDayKey } from './period';

/** Filled and needed places per day (columns) and group (rows) of the blocks shown: coverage at a glance. */
export function CoverageTable({ days, blocks }: { days: Date[]; blocks: ShiftBlock[] }) {
  const { t, i18n } = useTranslation('planning');
  const zone = useEventZone();
  const dayFormat = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    timeZone: zone,
  });
  const cells = new Map<string, Map<string, { filled: number; capacity: number }>>();
  for (const block of blocks) {
    const group = block.group?.name ?? t('timeline.noGroup');
    const row = cells.get(group) ?? new Map();
    const key = dayKey(block.startsAt, zone);
    const cell = row.get(key) ?? { filled: 0, capacity: 0 };
    cell.filled += Math.min(block.filled, block.capacity);
    cell.capacity += block.capacity;
    row.set(key, cell);
    cells.set(group, row);
  }
  const groups = [...cells.keys()].sort((a, b) => a.localeCompare(b, i18n.language));
  return (
    <Box component="section" aria-labelledby="coverage-grid-heading" sx={{ mt: 3 }}>
      <Typography id="coverage-grid-heading" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('coverage.title')}
      </Typography>
      <Box
        role="region"
        aria-labelledby="coverage-grid-heading"
        tabIndex={0}
        sx={{ overflowX: 'auto', border: 1, borderColor: 'divider', borderRadius: 1 }}
      >
        <Table size="small" data-testid="coverage-table">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('coverage.group')}
              </TableCell>
              {days.map((day) => (
                <TableCell key={day.getTime()} component="th" scope="col" align="center">
                  {dayFormat.format(day)}
                </TableCell>
              ))}
            </TableRow>
          </TableHead>
          <TableBody>
            {groups.map((group) => (
              <TableRow key={group}>
                <TableCell component="th" scope="row">
                  {group}
                </TableCell>
                {days.map((day) => {
                  const cell = cells.get(group)?.get(toDayKey(day, zone));
                  if (!cell) {
                    return (
                      <TableCell key={day.getTime()} align="center">
                        {t('coverage.none')}
                      </TableCell>
                    );
                  }
                  const full = cell.filled >= cell.capacity;
                  return (
                    <TableCell
                      key={day.getTime()}
                      align="center"
                      sx={{
                        fontWeight: 600,
                        // The darker shade on a light page, the lighter on DARK's (4.5:1 either way: "0/20" in
                        // error.dark on DARK's paper was 2.8:1).
                        color: (theme) => {
                          const tone = theme.palette.mode === 'dark' ? 'light' : 'dark';
                          if (full) return theme.palette.success[tone];
                          return cell.filled === 0 ? theme.palette.error[tone] : undefined;
                        },
                      }}
                    >
                      {t('coverage.cell', cell)}
                    </TableCell>
                  );
                })}
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </Box>
    </Box>
  );
}
