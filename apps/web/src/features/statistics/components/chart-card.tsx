import { tableToCsv } from '@funkis/shared';
import DownloadOutlined from '@mui/icons-material/DownloadOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { downloadCsv } from './csv';

/** Hidden from sight, still read by screen readers (the chart itself is hidden from them instead). */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

export interface ChartTableRow {
  key: string;
  /** The first column: what the row is about. */
  label: string;
  values: (string | number)[];
  /** Where the row's link goes (the filtered applications review), when it has one. */
  href?: string;
}

export interface ChartTable {
  /** Headers of the value columns; the first column's header is `labelHeader`. */
  labelHeader: string;
  headers: string[];
  rows: ChartTableRow[];
}

interface ChartCardProps {
  title: string;
  /** A file name without extension for the CSV download. */
  csvName: string;
  table: ChartTable;
  description?: string;
  /** Shown instead of the chart when there is nothing to draw. */
  emptyText?: string;
  isEmpty?: boolean;
  children: ReactNode;
}

/**
 * One chart with its numbers: the table is always in the page for screen readers (visually hidden until shown),
 * the chart is hidden from them, and the numbers can be downloaded as CSV.
 */
export function ChartCard({ title, csvName, table, description, emptyText, isEmpty, children }: ChartCardProps) {
  const { t } = useTranslation('statistics');
  const [isTableShown, setTableShown] = useState(false);
  const titleId = useId();
  const tableId = useId();
  const download = () =>
    downloadCsv(
      `${csvName}.csv`,
      // The exports' one CSV writer (quoting and formula guard), from the shared package.
      tableToCsv(
        [table.labelHeader, ...table.headers],
        table.rows.map((row) => [row.label, ...row.values]),
      ),
    );

  return (
    <Card variant="outlined" component="section" aria-labelledby={titleId} sx={{ height: '100%' }}>
      <CardHeader
        title={title}
        subheader={description}
        slotProps={{ title: { component: 'h2', variant: 'h6', id: titleId } }}
      />
      <CardContent sx={{ pt: 0 }}>
        {isEmpty ? (
          <Typography color="text.secondary">{emptyText ?? t('empty.noData')}</Typography>
        ) : (
          <Box aria-hidden="true" sx={{ width: '100%', minWidth: 0 }}>
            {children}
          </Box>
        )}
        <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            size="small"
            startIcon={<TableChartOutlined />}
            aria-expanded={isTableShown}
            aria-controls={tableId}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {isTableShown ? t('table.hide') : t('table.show')}
          </Button>
          <Button
            size="small"
            startIcon={<DownloadOutlined />}
            onClick={download}
            aria-label={t('table.downloadNamed', { title })}
          >
            {t('table.download')}
          </Button>
        </Stack>
        <TableContainer id={tableId} sx={isTableShown ? { mt: 1 } : visuallyHidden}>
          <Table size="small">
            <caption>{title}</caption>
            <TableHead>
              <TableRow>
                <TableCell component="th" scope="col">
                  {table.labelHeader}
                </TableCell>
                {table.headers.map((header) => (
                  <TableCell key={header} component="th" scope="col" align="right">
                    {header}
                  </TableCell>
                ))}
              </TableRow>
            </TableHead>
            <TableBody>
              {table.rows.map((row) => (
                <TableRow key={row.key}>
                  <TableCell component="th" scope="row">
                    {row.href ? (
                      <Link component={RouterLink} to={row.href} tabIndex={isTableShown ? undefined : -1}>
                        {row.label}
                      </Link>
                    ) : (
                      row.label
                    )}
                  </TableCell>
                  {row.values.map((value, index) => (
                    <TableCell key={table.headers[index] ?? index} align="right">
                      {value}
                    </TableCell>
                  ))}
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </CardContent>
    </Card>
  );
}
