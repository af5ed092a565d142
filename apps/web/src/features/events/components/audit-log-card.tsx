import type { AuditEntryView } from '@funkis/shared';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import CardHeader from '@mui/material/CardHeader';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LoadError } from '../../../components/ui/load-error';
import { usePaginationTexts } from '../../../lib/mui-locale';
import { AUDIT_FIRST_PAGE_SIZE, useAudit } from '../api/get-audit';
import { describeAuditEntry } from './audit-sentence';

/** Splits a sentence around its subject: the odd parts are the subject. */
const SUBJECT_TAG = /<subject>(.*?)<\/subject>/s;

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** "5 minutes ago", "yesterday" within a week; the date and time in the reader's language before that. */
function whenText(iso: string, language: string, now = Date.now()): string {
  const at = new Date(iso);
  const elapsed = now - at.getTime();
  if (elapsed >= 0 && elapsed < 7 * DAY) {
    const relative = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
    if (elapsed < HOUR) return relative.format(-Math.floor(elapsed / MINUTE), 'minute');
    if (elapsed < DAY) return relative.format(-Math.floor(elapsed / HOUR), 'hour');
    return relative.format(-Math.floor(elapsed / DAY), 'day');
  }
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(at);
}

function AuditLogEntry({ entry, eventId, timeZone }: { entry: AuditEntryView; eventId: number; timeZone?: string }) {
  const { t, i18n } = useTranslation('events');
  const sentence = describeAuditEntry(entry, t, { eventId, language: i18n.language, timeZone });
  // The sentence marks its subject with <subject>…</subject>: that part becomes the link (React escapes the rest;
  // no Trans, which would bring an HTML parser into the bundle for one tag).
  const parts = t(sentence.key, { ns: 'audit', ...sentence.values }).split(SUBJECT_TAG);
  return (
    <ListItem divider sx={{ display: 'block', px: 0 }} data-testid="audit-entry">
      <Typography dir="auto">
        {parts.map((part, index) =>
          index % 2 === 1 && sentence.link ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one sentence, in their fixed order
            <Link key={index} component={RouterLink} to={sentence.link}>
              {part}
            </Link>
          ) : (
            part
          ),
        )}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        <time
          dateTime={entry.createdAt}
          title={new Intl.DateTimeFormat(i18n.language, { dateStyle: 'full', timeStyle: 'medium' }).format(
            new Date(entry.createdAt),
          )}
        >
          {whenText(entry.createdAt, i18n.language)}
        </time>
      </Typography>
    </ListItem>
  );
}

/**
 * The event's audit log, newest first, paged on the server: each entry a sentence in the reader's language, its
 * subject a link to where it lives while it exists (docs/decisions/025).
 */
export function AuditLogCard({ eventId, timeZone }: { eventId: number; timeZone?: string }) {
  const { t } = useTranslation('events');
  const paginationTexts = usePaginationTexts();
  const [page, setPage] = useState(0);
  const [pageSize, setPageSize] = useState(AUDIT_FIRST_PAGE_SIZE);
  const auditQuery = useAudit(eventId, page + 1, pageSize);
  const entries = auditQuery.data?.entries ?? [];

  return (
    <Card variant="outlined">
      <CardHeader title={t('audit.title')} slotProps={{ title: { component: 'h2', variant: 'h6' } }} />
      <CardContent>
        {auditQuery.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 3 }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : auditQuery.isError ? (
          <LoadError error={auditQuery.error} onRetry={() => void auditQuery.refetch()} />
        ) : entries.length === 0 ? (
          <Typography color="text.secondary">{t('audit.empty')}</Typography>
        ) : (
          <>
            <List aria-label={t('audit.title')} disablePadding>
              {entries.map((entry) => (
                <AuditLogEntry key={entry.id} entry={entry} eventId={eventId} timeZone={timeZone} />
              ))}
            </List>
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
