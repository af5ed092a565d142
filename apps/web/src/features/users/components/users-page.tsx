import {
  isAdmin as isAdminCaller,
  isOrganiser,
  MEMBER_EXPORT_COLUMNS,
  MEMBER_SORT_FIELDS,
  type Member,
  type MemberExportColumn,
  type MemberSort,
} from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import type { Theme } from '@mui/material/styles';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { AccessDenied } from '../../../components/ui/access-denied';
import { type ColumnChoice, visibleColumns } from '../../../components/ui/column-choice-menu';
import { LoadError } from '../../../components/ui/load-error';
import { parseVisibilityModel, useColumnChoice } from '../../../hooks/use-column-choice';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useListSearchParams } from '../../../hooks/use-list-search-params';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { exportUsersHref } from '../api/export-users';
import { type UsersFilters, useUsers } from '../api/get-users';
import {
  effectiveSort,
  parseUsersListState,
  type UsersListState,
  usersListSearch,
  usersQueryOf,
} from '../api/list-params';
import { EditUserDialog } from './edit-user-dialog';
import { InvitationsCard } from './invitations-card';
import { InviteUserDialog } from './invite-user-dialog';
import { RemoveUserDialog } from './remove-user-dialog';
import { UserCards } from './user-cards';
import { UsersTable } from './users-table';
import { UsersToolbar } from './users-toolbar';

const isSortField = (field: string): field is (typeof MEMBER_SORT_FIELDS)[number] =>
  (MEMBER_SORT_FIELDS as readonly string[]).includes(field);

/** The grid's sort as the server's `sort` parameter; grouping sorts by group first. */
function toServerSort(sortModel: GridSortModel, isGrouped: boolean): MemberSort | undefined {
  const [first] = sortModel;
  if (isGrouped) return first?.field === 'group' && first.sort === 'desc' ? '-group' : 'group';
  if (!first?.sort || !isSortField(first.field)) return undefined;
  return first.sort === 'desc' ? `-${first.field}` : first.field;
}

interface UsersPageProps {
  eventId: number;
  /** The caller's role in the event (from the event layout): admins get the member actions. */
  roleLevel: 0 | 1 | 2;
}

/** The users table of an event (spec section 2: paging, grouping, search, column choice, export). */
export function UsersPage({ eventId, roleLevel }: UsersPageProps) {
  const { t } = useTranslation('users');
  const translateMessage = useTranslateMessage();
  useDocumentTitle(t('pageTitle'));

  const isAdmin = isAdminCaller({ roleLevel, groupId: null });
  const mayView = isOrganiser({ roleLevel, groupId: null });

  // Search, filters, grouping, sort and page live in the query string (a link or a reload shows the same list).
  const [list, setList] = useListSearchParams(parseUsersListState, usersListSearch);
  /** A new filter starts again on the first page. */
  const setFilter = (patch: Partial<UsersListState>) => setList({ ...patch, page: 1 });
  const { roleLevel: roleFilter, groupId: groupFilter, grouped: isGrouped } = list;
  const sort = effectiveSort(list);
  const sortModel: GridSortModel = sort
    ? [{ field: sort.replace(/^-/, ''), sort: sort.startsWith('-') ? 'desc' : 'asc' }]
    : [];
  const paginationModel: GridPaginationModel = { page: list.page - 1, pageSize: list.pageSize };

  // The search box types freely; the list (and the query string) follow once typing pauses.
  const [search, setSearch] = useState(list.search);
  const debouncedSearch = useDebouncedValue(search);
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the typed text settles
  useEffect(() => {
    if (debouncedSearch !== list.search) setFilter({ search: debouncedSearch });
  }, [debouncedSearch]);
  // The query string changed from outside (Back, a link): the box shows it.
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs when the query string's search changes
  useEffect(() => {
    if (list.search !== debouncedSearch) setSearch(list.search);
  }, [list.search]);
  const [columnVisibility, setColumnVisibility] = useColumnChoice('users', eventId, parseVisibilityModel);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const onPaginationModelChange = (model: GridPaginationModel) =>
    setList({
      // Another page size starts again on the first page.
      page: model.pageSize === list.pageSize ? model.page + 1 : 1,
      pageSize: model.pageSize,
    });
  // Below 600 px the members are cards: the grid's columns and its next-page arrow do not fit a phone.
  const isNarrow = useMediaQuery((theme: Theme) => theme.breakpoints.down('sm'), { noSsr: true });
  const query = usersQueryOf(list);
  const filters: UsersFilters = query;
  const hasFilters = list.search.trim() !== '' || roleFilter !== '' || groupFilter !== '';

  const usersQuery = useUsers(eventId, query, mayView);
  const groupsQuery = useGroups(eventId, { enabled: mayView });
  const groups = groupsQuery.data?.groups ?? [];

  const columnChoices: ColumnChoice<MemberExportColumn>[] = MEMBER_EXPORT_COLUMNS.map((field) => ({
    field,
    label: t(field === 'roleLevel' ? 'fields.role' : `fields.${field}`),
    isVisible: columnVisibility[field] !== false,
  }));
  const orderedColumns: MemberExportColumn[] = isGrouped
    ? ['group', ...MEMBER_EXPORT_COLUMNS.filter((field) => field !== 'group')]
    : [...MEMBER_EXPORT_COLUMNS];
  const chosenColumns = visibleColumns(orderedColumns, columnVisibility);

  const onColumnToggle = (field: MemberExportColumn) =>
    setColumnVisibility({ ...columnVisibility, [field]: columnVisibility[field] === false });

  const onEdit = useCallback((member: Member) => setEditing(member), []);
  const onRemove = useCallback((member: Member) => setRemoving(member), []);

  // The event layout guards the route already; this keeps the screen safe wherever it is composed.
  if (!mayView) return <AccessDenied />;

  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {!isAdmin ? (
          <Typography color="text.secondary" sx={{ mt: 1 }}>
            {t('leaderNote')}
          </Typography>
        ) : null}
      </Box>
      <UsersToolbar
        search={search}
        onSearchChange={setSearch}
        roleLevel={roleFilter}
        onRoleLevelChange={(value) => setFilter({ roleLevel: value })}
        groupId={groupFilter}
        onGroupIdChange={(value) => setFilter({ groupId: value })}
        groups={groups}
        isGrouped={isGrouped}
        onGroupedChange={(value) => setFilter({ grouped: value })}
        columns={columnChoices}
        onColumnToggle={onColumnToggle}
        canExport={chosenColumns.length > 0}
        exportHref={(format) => exportUsersHref(eventId, format, filters, chosenColumns)}
        onInvite={isAdmin ? () => setIsAdding(true) : undefined}
      />
      <Stack spacing={2}>
        {usersQuery.isError ? (
          <LoadError error={usersQuery.error} onRetry={() => void usersQuery.refetch()} testId="users-error" />
        ) : null}
        {groupsQuery.isError ? (
          <Alert severity="warning">{errorMessagesOf(groupsQuery.error).map(translateMessage).join(' ')}</Alert>
        ) : null}
        {/* No empty state under an error: the grid (and its "no members yet") waits for a list. */}
        {usersQuery.isError && !usersQuery.data ? null : isNarrow ? (
          <UserCards
            rows={usersQuery.data?.users ?? []}
            total={usersQuery.data?.total ?? 0}
            isLoading={usersQuery.isFetching}
            paginationModel={paginationModel}
            onPaginationModelChange={onPaginationModelChange}
            hasFilters={hasFilters}
            onEdit={isAdmin ? onEdit : undefined}
            onRemove={isAdmin ? onRemove : undefined}
          />
        ) : (
          <UsersTable
            rows={usersQuery.data?.users ?? []}
            total={usersQuery.data?.total ?? 0}
            isLoading={usersQuery.isFetching}
            paginationModel={paginationModel}
            onPaginationModelChange={onPaginationModelChange}
            sortModel={sortModel}
            onSortModelChange={(model) => setList({ sort: toServerSort(model, isGrouped), page: 1 })}
            columnVisibilityModel={columnVisibility}
            onColumnVisibilityModelChange={setColumnVisibility}
            isGrouped={isGrouped}
            hasFilters={hasFilters}
            onEdit={isAdmin ? onEdit : undefined}
            onRemove={isAdmin ? onRemove : undefined}
          />
        )}
        {isAdmin ? <InvitationsCard eventId={eventId} /> : null}
      </Stack>
      {isAdmin ? (
        <>
          <InviteUserDialog eventId={eventId} groups={groups} open={isAdding} onClose={() => setIsAdding(false)} />
          <EditUserDialog eventId={eventId} groups={groups} member={editing} onClose={() => setEditing(null)} />
          <RemoveUserDialog eventId={eventId} member={removing} onClose={() => setRemoving(null)} />
        </>
      ) : null}
    </>
  );
}
