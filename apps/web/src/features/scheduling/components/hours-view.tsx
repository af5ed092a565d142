import Download from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { type HoursExport, type HoursFilters, hoursExportHref, useHours } from '../api/get-hours';

const EXPORTS: { format: HoursExport; label: string }[] = [
  { format: 'csv', label: 'hours.export.csv' },
  { format: 'csv-semicolon', label: 'hours.export.csvSemicolon' },
  { format: 'xlsx', label: 'hours.export.xlsx' },
];

/** Hours per volunteer (sum of shift lengths, optionally only arrived), paged, exportable like the users table. */
export function HoursView({ eventId, admin }: { eventId: number; admin: boolean }) {
  const { t, i18n } = useTranslation('planning');
  const [filters, setFilters] = useState<HoursFilters>({ groupId: '', arrivedOnly: false });
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(25);
  const hours = useHours(eventId, filters, page + 1, pageSize);
  const groups = useGroups(eventId, { enabled: admin });
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const change = (next: Partial<HoursFilters>) => {
    setFilters({ ...filters, ...next });
    setPage(0);
  };

  return (
    <Paper variant="outlined" component="section" aria-labelledby="hours-heading" sx={{ p: 2 }}>
      <Typography id="hours-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
        {t('hours.title')}
      </Typography>
      <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center', mb: 2 }}>
        {admin ? (
          <TextField
            size="small"
            select
            label={t('hours.group')}
            value={filters.groupId}
            onChange={(event) => change({ groupId: event.target.value === '' ? '' : Number(event.target.value) })}
            sx={{ minWidth: 160 }}
          >
            <MenuItem value="">{t('hours.allGroups')}</MenuItem>
            {(groups.data?.groups ?? []).map((group) => (
              <MenuItem key={group.id} value={group.id}>
                {group.name}
              </MenuItem>
            ))}
          </TextField>
        ) : null}
        <FormControlLabel
          control={
            <Switch checked={filters.arrivedOnly} onChange={(event) => change({ arrivedOnly: event.target.checked })} />
          }
          label={t('hours.arrivedOnly')}
        />
        <Box sx={{ flex: 1 }} />
        {EXPORTS.map(({ format, label }) => (
          <Button
            key={format}
            component="a"
            href={hoursExportHref(eventId, filters, format)}
            download
            startIcon={<Download />}
          >
            {t(label)}
          </Button>
        ))}
      </Stack>
      {hours.isError ? <FormErrorList messages={errorMessagesOf(hours.error)} /> : null}
      {hours.isPending ? <Typography role="status">{t('loading')}</Typography> : null}
      {hours.data?.total === 0 ? <Typography color="text.secondary">{t('hours.empty')}</Typography> : null}
      {hours.data && hours.data.total > 0 ? (
        <>
          <Box role="region" aria-label={t('hours.tableLabel')} tabIndex={0} sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="hours-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('hours.name')}</TableCell>
                  <TableCell>{t('hours.group')}</TableCell>
                  <TableCell align="right">{t('hours.shifts')}</TableCell>
                  <TableCell align="right">{t('hours.arrived')}</TableCell>
                  <TableCell align="right">{t('hours.noShow')}</TableCell>
                  <TableCell align="right">{t('hours.hours')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {hours.data.rows.map((row) => (
                  <TableRow key={row.eventUserId}>
                    <TableCell>{`${row.firstname} ${row.lastname}`}</TableCell>
                    <TableCell>{row.group?.name ?? ''}</TableCell>
                    <TableCell align="right">{row.shifts}</TableCell>
                    <TableCell align="right">{row.arrived}</TableCell>
                    <TableCell align="right">{row.noShow}</TableCell>
                    <TableCell align="right">{number.format(row.minutes / 60)}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            component="div"
            count={hours.data.total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[25, 50, 100]}
            labelRowsPerPage={t('hours.rowsPerPage')}
            labelDisplayedRows={({ from, to, count }) => t('hours.displayedRows', { from, to, count })}
            onPageChange={(_, next) => setPage(next)}
            onRowsPerPageChange={(event) => {
              setPageSize(Number(event.target.value));
              setPage(0);
            }}
          />
        </>
      ) : null}
    </Paper>
  );
}
