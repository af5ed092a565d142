import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TablePagination from '@mui/material/TablePagination';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { errorMessagesOf } from '../../../lib/api-client';
import { usePaginationTexts } from '../../../lib/mui-locale';
import { AUDIT_FIRST_PAGE_SIZE, useAudit } from '../api/get-audit';

/** The event's audit log, newest first, paged on the server; the table scrolls sideways on a phone. */
export function AuditLogCard({ eventId }: { eventId: number }) {
  const { t, i18n } = useTranslation('events');
  const paginationTexts = usePaginationTexts();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(AUDIT_FIRST_PAGE_SIZE);
  const auditQuery = useAudit(eventId, page + 1, pageSize);
  const entries = auditQuery.data?.entries ?? [];
  const formatTime = (value: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(value));

  return (
    <Card variant="outlined">
      <CardHeader title={t('audit.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {auditQuery.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : auditQuery.isError ? (
          <FormErrorList messages={errorMessagesOf(auditQuery.error)} />
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t('audit.empty')}</Typography>
        ) : (
          <>
            {/* Scrolls sideways on a phone: focusable and named so the keyboard can scroll it (axe: scrollable-region-focusable). */}
            <TableContainer sx={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('audit.title')}>
              <Table size="small" aria-label={t('audit.title')} sx={{ minWidth: 560 }}>
                <TableHead>
                  <TableRow>
                    <TableCell>{t('audit.when')}</TableCell>
                    <TableCell>{t('audit.who')}</TableCell>
                    <TableCell>{t('audit.what')}</TableCell>
                    <TableCell>{t('audit.subject')}</TableCell>
                  </TableRow>
                </TableHead>
                <TableBody>
                  {entries.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatTime(entry.createdAt)}</TableCell>
                      <TableCell>
                        {entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}` : t('audit.removedAccount')}
                      </TableCell>
                      <TableCell>{t(`auditActions.${entry.action}`, { defaultValue: entry.action })}</TableCell>
                      <TableCell sx={{ fontFamily: 'monospace' }}>{entry.subject}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </TableContainer>
            <TablePagination
              {...paginationTexts}
              component="div"
              count={auditQuery.data?.total ?? 0}
              page={page}
              onPageChange={(_event, next) => setPage(next)}
              rowsPerPage={pageSize}
              rowsPerPageOptions={[10, 25, 50]}
              onRowsPerPageChange={(event) => {
                setPageSize(Number(event.target.value));
                setPage(0);
              }}
              labelRowsPerPage={t('audit.rowsPerPage')}
            />
          </>
        )}
      </CardContent>
    </Card>
  );
}
