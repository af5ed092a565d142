import { HOURS_EXPORT_COLUMNS, type HoursExportColumn, type HoursRow } from '@funkis/shared';
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
import { ColumnChoiceMenu, visibleColumns } from '../../../components/ui/column-choice-menu';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { parseVisibilityModel, useColumnChoice } from '../../../hooks/use-column-choice';
import { errorMessagesOf } from '../../../lib/api-client';
import { usePaginationTexts } from '../../../lib/mui-locale';
import { type HoursExport, hoursExportHref } from '../api/export-hours';
import { HOURS_FIRST_PAGE_SIZE, type HoursFilters, NO_HOURS_FILTERS, useHours } from '../api/get-hours';

const EXPORTS: { format: HoursExport; label: string }[] = [
  { format: 'csv', label: 'hours.export.csv' },
  { format: 'csv-semicolon', label: 'hours.export.csvSemicolon' },
  { format: 'xlsx', label: 'hours.export.xlsx' },
];

/** The text key of each column's heading (in the table, the column menu). */
const COLUMN_LABELS: Record<HoursExportColumn, string> = {
  firstname: 'hours.firstname',
  lastname: 'hours.lastname',
  email: 'hours.email',
  group: 'hours.group',
  shifts: 'hours.shifts',
  arrived: 'hours.arrived',
  noShow: 'hours.noShow',
  hours: 'hours.hours',
};
const NUMBER_COLUMNS: readonly HoursExportColumn[] = ['shifts', 'arrived', 'noShow', 'hours'];

/**
 * Hours per volunteer (sum of shift lengths, optionally only arrived), paged, exportable like the users table:
 * the columns chosen (remembered per event) are the ones shown and exported, in this order.
 */
export function HoursView({ eventId, admin }: { eventId: number; admin: boolean }) {
  const { t, i18n } = useTranslation('planning');
  const paginationTexts = usePaginationTexts();
  const [filters, setFilters] = useState<HoursFilters>(NO_HOURS_FILTERS);
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(HOURS_FIRST_PAGE_SIZE);
  const hours = useHours(eventId, filters, page + 1, pageSize);
  const groups = useGroups(eventId, { enabled: admin });
  const [columnVisibility, setColumnVisibility] = useColumnChoice('hours', eventId, parseVisibilityModel);
  const columns = visibleColumns(HOURS_EXPORT_COLUMNS, columnVisibility);
  const number = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 2 });
  const cellText = (row: HoursRow, column: HoursExportColumn): string => {
    switch (column) {
      case 'group':
        return row.group?.name ?? '';
      case 'hours':
        return number.format(row.minutes / 60);
      default:
        return String(row[column]);
    }
  };
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
        <ColumnChoiceMenu
          id="hours-columns-menu"
          label={t('hours.columns')}
          columns={HOURS_EXPORT_COLUMNS.map((field) => ({
            field,
            label: t(COLUMN_LABELS[field]),
            isVisible: columns.includes(field),
          }))}
          onToggle={(field) => setColumnVisibility({ ...columnVisibility, [field]: !columns.includes(field) })}
        />
        {EXPORTS.map(({ format, label }) => (
          <Button
            key={format}
            component="a"
            href={columns.length > 0 ? hoursExportHref(eventId, filters, format, columns) : undefined}
            download
            disabled={columns.length === 0}
            startIcon={<Download />}
          >
            {t(label)}
          </Button>
        ))}
      </Stack>
      {hours.isError ? <FormErrorList messages={errorMessagesOf(hours.error)} /> : null}
      {hours.isPending ? <Typography role="status">{t('loading')}</Typography> : null}
      {hours.data?.total === 0 ? <Typography color="text.secondary">{t('hours.empty')}</Typography> : null}
      {hours.data && hours.data.total > 0 && columns.length === 0 ? (
        <Typography color="text.secondary">{t('hours.noColumns')}</Typography>
      ) : null}
      {hours.data && hours.data.total > 0 && columns.length > 0 ? (
        <>
          <Box role="region" aria-label={t('hours.tableLabel')} tabIndex={0} sx={{ overflowX: 'auto' }}>
            <Table size="small" data-testid="hours-table">
              <TableHead>
                <TableRow>
                  {columns.map((column) => (
                    <TableCell key={column} align={NUMBER_COLUMNS.includes(column) ? 'right' : undefined}>
                      {t(COLUMN_LABELS[column])}
                    </TableCell>
                  ))}
                </TableRow>
              </TableHead>
              <TableBody>
                {hours.data.rows.map((row) => (
                  <TableRow key={row.eventUserId}>
                    {columns.map((column) => (
                      <TableCell key={column} align={NUMBER_COLUMNS.includes(column) ? 'right' : undefined}>
                        {cellText(row, column)}
                      </TableCell>
                    ))}
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </Box>
          <TablePagination
            {...paginationTexts}
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
