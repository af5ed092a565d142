import { APPLICATION_STATUSES, type ApplicationSummary } from '@funkis/shared';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';

/** Groups x statuses for the current filter, with a total row (from the list call's `summary`). */
export function GroupSummary({ summary }: { summary: ApplicationSummary }) {
  const { t } = useTranslation('applications');
  const total = Object.values(summary.byStatus).reduce((sum, count) => sum + count, 0);
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography component="h2" variant="h6" id="group-summary-title" sx={{ mb: 1 }}>
        {t('summary.title')}
      </Typography>
      <TableContainer
        // Scrolls sideways on a phone: focusable and named so the keyboard can scroll it (axe: scrollable-region-focusable).
        sx={{ overflowX: 'auto' }}
        tabIndex={0}
        role="region"
        aria-labelledby="group-summary-title"
      >
        <Table size="small" aria-labelledby="group-summary-title" data-testid="group-summary">
          <TableHead>
            <TableRow>
              <TableCell component="th" scope="col">
                {t('summary.group')}
              </TableCell>
              {APPLICATION_STATUSES.map((status) => (
                <TableCell key={status} align="right" component="th" scope="col">
                  {t(`status.${status}`)}
                </TableCell>
              ))}
              <TableCell align="right" component="th" scope="col">
                {t('summary.total')}
              </TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {summary.byGroup.map((group) => (
              <TableRow key={group.groupId ?? 'none'}>
                <TableCell component="th" scope="row">
                  {group.groupName ?? t('filters.noGroup')}
                </TableCell>
                {APPLICATION_STATUSES.map((status) => (
                  <TableCell key={status} align="right">
                    {group.byStatus[status] ?? 0}
                  </TableCell>
                ))}
                <TableCell align="right">{group.total}</TableCell>
              </TableRow>
            ))}
            <TableRow data-testid="summary-total-row">
              <TableCell component="th" scope="row" sx={{ fontWeight: 'bold' }}>
                {t('summary.allGroups')}
              </TableCell>
              {APPLICATION_STATUSES.map((status) => (
                <TableCell
                  key={status}
                  align="right"
                  sx={{ fontWeight: 'bold' }}
                  data-testid={`summary-total-${status}`}
                >
                  {summary.byStatus[status] ?? 0}
                </TableCell>
              ))}
              <TableCell align="right" sx={{ fontWeight: 'bold' }}>
                {total}
              </TableCell>
            </TableRow>
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
