import {
  type Application,
  type ApplicationStatus,
  type ApplicationsNotify,
  callerOf,
  type EventDetail,
  reviewedGroup,
} from '@funkis/shared';
import DownloadIcon from '@mui/icons-material/Download';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { lazy, Suspense, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { LoadError } from '../../../components/ui/load-error';
import { parseColumnList, useColumnChoice } from '../../../hooks/use-column-choice';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useListSearchParams } from '../../../hooks/use-list-search-params';
import { errorMessagesOf } from '../../../lib/api-client';
import { NARROW_PAGINATION_SX, usePaginationTexts } from '../../../lib/mui-locale';
import { exportApplicationsHref } from '../api/export-applications';
import { useApplications } from '../api/get-applications';
import {
  APPLICATION_PAGE_SIZES,
  type ApplicationListParams,
  applicationListSearch,
  filterOf,
  isGroupFilter,
  parseApplicationListParams,
} from '../api/list-params';
import { useUpdateApplications } from '../api/update-applications';
import { ApplicationCards } from './application-cards';
import { ApplicationDrawer } from './application-drawer';
import { ApplicationsFilters } from './applications-filters';
import { ApplicationsTable } from './applications-table';
import { BulkActions, type BulkChoice } from './bulk-actions';
import { ConfirmUpdateDialog, type PendingUpdate } from './confirm-update-dialog';
import { isAnswerField } from './format';
import { GroupSummary } from './group-summary';
import { ShortcutsHelp } from './shortcuts-help';

/** Opened on demand: its chunk stays out of the review's first load. */
const ExportDialog = lazy(async () => ({ default: (await import('./export-dialog')).ExportDialog }));

interface PendingRequest extends PendingUpdate {
  ids?: number[];
  /** Set when the update applies to every application matching the filter. */
  filter?: ReturnType<typeof filterOf>;
  groupId?: number | null;
}

interface ApplicationsPageProps {
  eventId: number;
  /** The event, the caller's role and the form (GET /api/event/{id}). */
  eventDetail: EventDetail;
}

/** The applications review: filters, a server-paged table, bulk updates, the group summary. */
export function ApplicationsPage({ eventId, eventDetail }: ApplicationsPageProps) {
  const { t } = useTranslation('applications');
  const paginationTexts = usePaginationTexts();
  // A leader reviews their own group only: no group to choose in the filter or the bulk change.
  const choosesGroup = reviewedGroup(callerOf(eventDetail.eventUser)) === 'all';
  const weekConfig = eventDetail.event.useWeekSeparation ? eventDetail.event.weekSeparationConfig : null;
  const answerFields = useMemo(() => eventDetail.eventForm.fields.filter(isAnswerField), [eventDetail]);

  // Filters, sort and page live in the query string (a link or a reload shows the same list).
  const [params, setParams] = useListSearchParams(parseApplicationListParams, applicationListSearch);
  const { status, groupId, week, search, sort, pageSize } = params;
  const page = params.page - 1;
  /** A new filter is a new set of rows: back to the first page. */
  const setFilter = (patch: Partial<ApplicationListParams>) => setParams({ ...patch, page: 1 });

  // The search box types freely; the list (and the query string) follow once typing pauses.
  const [searchInput, setSearchInput] = useState(search);
  const debouncedSearch = useDebouncedValue(searchInput);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles
  useEffect(() => {
    if (debouncedSearch !== search) setFilter({ search: debouncedSearch });
  }, [debouncedSearch]);
  // The query string changed from outside (Back, a link): the box shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query string's search changes
  useEffect(() => {
    if (search !== debouncedSearch) setSearchInput(search);
  }, [search]);
  const [shownFields, setShownFields] = useColumnChoice('applications', eventId, parseColumnList);

  const [selectedIds, setSelectedIds] = useState<Set<number>>(new Set());
  const [isAllMatching, setIsAllMatching] = useState(false);
  const [focusedIndex, setFocusedIndex] = useState(0);
  const [openId, setOpenId] = useState<number | null>(null);
  const [pending, setPending] = useState<PendingRequest | null>(null);
  const [isExporting, setIsExporting] = useState(false);

  const list = useApplications(eventId, params);
  const groups = useGroups(eventId);
  const update = useUpdateApplications(eventId);

  // A new filter is a new set of rows: the selection starts over.
  const filterKey = JSON.stringify([status, groupId, week, search]);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the filter (its key) changes
  useEffect(() => {
    setSelectedIds(new Set());
    setIsAllMatching(false);
    setFocusedIndex(0);
  }, [filterKey]);

  const applications = list.data?.applications ?? [];
  const total = list.data?.total ?? 0;
  const selectedCount = isAllMatching ? total : selectedIds.size;
  const groupList = groups.data?.groups ?? [];
  const groupName = (id: number | null | undefined) =>
    id === undefined
      ? undefined
      : id === null
        ? t('filters.noGroup')
        : (groupList.find((g) => g.id === id)?.name ?? '');

  // Below 600 px the rows are cards (a table there hides status, group and actions behind a sideways scroll).
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const [result, setResult] = useState<{ count: number; notified?: number; key: number } | null>(null);
  const resultRef = useRef<HTMLDivElement>(null);

  const ask = (request: PendingRequest) => {
    update.reset();
    setResult(null);
    setPending(request);
  };

  const applyBulk = (choice: BulkChoice) =>
    ask({
      count: selectedCount,
      status: choice.status,
      groupId: choice.groupId,
      groupName: groupName(choice.groupId),
      ...(isAllMatching ? { filter: filterOf(params) } : { ids: [...selectedIds] }),
    });

  const setRowStatus = (application: Application, next: ApplicationStatus) =>
    ask({ count: 1, status: next, ids: [application.id] });

  const confirm = (notify?: ApplicationsNotify) => {
    if (!pending) return;
    update.mutate(
      {
        ...(pending.filter ? { filter: pending.filter } : { ids: pending.ids }),
        ...(pending.status ? { status: pending.status } : {}),
        ...(pending.groupId !== undefined ? { groupId: pending.groupId } : {}),
        ...(notify ? { notify } : {}),
      },
      {
        onSuccess: ({ updated, notified }) => {
          setResult({ count: updated, notified, key: Date.now() });
          setPending(null);
          if (pending.ids?.length !== 1 || selectedIds.size > 0) {
            setSelectedIds(new Set());
            setIsAllMatching(false);
          }
        },
      },
    );
  };

  const toggle = (id: number) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });

  const togglePage = (checked: boolean) =>
    setSelectedIds((current) => {
      const next = new Set(current);
      for (const application of applications) {
        if (checked) next.add(application.id);
        else next.delete(application.id);
      }
      return next;
    });

  const hasFilter = status.length + groupId.length + week.length > 0 || search !== '';

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ alignItems: 'center', gap: 1 }}>
        <Typography variant="h4" component="h1" sx={{ flex: 1 }}>
          {t('title')}
        </Typography>
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={() => setIsExporting(true)}
          disabled={!list.data || total === 0}
        >
          {t('export.open')}
        </Button>
        <ShortcutsHelp />
      </Stack>

      <ApplicationsFilters
        status={status}
        onStatusChange={(next) => setFilter({ status: next })}
        groupId={groupId}
        onGroupIdChange={(next) => setFilter({ groupId: next.filter(isGroupFilter) })}
        groups={!choosesGroup || !groups.data ? null : groupList}
        week={week}
        onWeekChange={(next) => setFilter({ week: next })}
        weekConfig={weekConfig}
        search={searchInput}
        onSearchChange={setSearchInput}
        onClear={() => {
          setSearchInput('');
          setFilter({ status: [], groupId: [], week: [], search: '' });
        }}
        answerFields={answerFields}
        shownFields={shownFields}
        onShownFieldsChange={setShownFields}
      />

      {/* The result of the last update: it takes the focus once the confirm dialog has gone. */}
      {result ? (
        <Alert
          key={result.key}
          ref={resultRef}
          severity="success"
          role="status"
          tabIndex={-1}
          onClose={() => setResult(null)}
          data-testid="applications-updated"
        >
          {t('bulk.updated', { count: result.count })}
          {result.notified !== undefined ? ` ${t('bulk.notified', { count: result.notified })}` : null}
        </Alert>
      ) : null}

      {selectedCount > 0 && (
        <BulkActions
          count={selectedCount}
          total={total}
          isAllMatching={isAllMatching}
          onSelectAllMatching={() => setIsAllMatching(true)}
          onClear={() => {
            setSelectedIds(new Set());
            setIsAllMatching(false);
          }}
          groups={choosesGroup ? groupList : null}
          onApply={applyBulk}
        />
      )}

      <Paper variant="outlined">
        {list.isPending && (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('title')} />
          </Box>
        )}
        {list.isError && (
          <LoadError error={list.error} onRetry={() => void list.refetch()} sx={{ m: 2 }} testId="applications-error" />
        )}
        {list.data && !list.isError && total === 0 && (
          <Typography sx={{ p: 3 }} color="text.secondary" data-testid="applications-empty">
            {hasFilter ? t('table.empty') : t('table.emptyEvent')}
          </Typography>
        )}
        {list.data && total > 0 && (
          <Box sx={{ opacity: list.isPlaceholderData ? 0.6 : 1 }} aria-busy={list.isFetching}>
            {isNarrow ? (
              <ApplicationCards
                applications={applications}
                answerFields={answerFields.filter((field) => shownFields.includes(field.name))}
                weekConfig={weekConfig}
                selectedIds={selectedIds}
                isAllMatching={isAllMatching}
                onToggle={toggle}
                onTogglePage={togglePage}
                onOpen={(application) => setOpenId(application.id)}
              />
            ) : (
              <ApplicationsTable
                applications={applications}
                answerFields={answerFields.filter((field) => shownFields.includes(field.name))}
                weekConfig={weekConfig}
                sort={sort}
                onSortChange={(next) => setParams({ sort: next, page: 1 })}
                selectedIds={selectedIds}
                isAllMatching={isAllMatching}
                onToggle={toggle}
                onTogglePage={togglePage}
                focusedIndex={Math.min(focusedIndex, Math.max(0, applications.length - 1))}
                onFocusedIndexChange={setFocusedIndex}
                onOpen={(application) => setOpenId(application.id)}
                onSetStatus={setRowStatus}
              />
            )}
          </Box>
        )}
        {list.data && total > 0 && (
          <TablePagination
            {...paginationTexts}
            // On a phone the controls wrap rather than push the next-page arrow out of view.
            sx={NARROW_PAGINATION_SX}
            component="div"
            count={total}
            page={page}
            rowsPerPage={pageSize}
            rowsPerPageOptions={[...APPLICATION_PAGE_SIZES]}
            labelRowsPerPage={t('table.rowsPerPage')}
            onPageChange={(_, next) => {
              setParams({ page: next + 1 });
              setFocusedIndex(0);
            }}
            onRowsPerPageChange={(event) => setParams({ pageSize: Number(event.target.value), page: 1 })}
          />
        )}
      </Paper>

      {list.data && <GroupSummary summary={list.data.summary} />}

      {isExporting ? (
        <Suspense fallback={null}>
          <ExportDialog
            open
            count={total}
            answerFields={answerFields}
            shownFields={shownFields}
            weekConfig={weekConfig}
            hrefOf={(choice, columns) => exportApplicationsHref(eventId, choice, params, columns)}
            onClose={() => setIsExporting(false)}
          />
        </Suspense>
      ) : null}
      <ApplicationDrawer eventId={eventId} applicationId={openId} onClose={() => setOpenId(null)} />
      <ConfirmUpdateDialog
        update={pending}
        isPending={update.isPending}
        errorMessages={update.isError ? errorMessagesOf(update.error) : []}
        onCancel={() => setPending(null)}
        onConfirm={confirm}
        disableRestoreFocus={result !== null}
        onClosed={() => resultRef.current?.focus()}
      />
    </Stack>
  );
}
