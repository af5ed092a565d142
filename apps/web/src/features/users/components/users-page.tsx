import {
  MEMBER_EXPORT_COLUMNS,
  MEMBER_SORT_FIELDS,
  type Member,
  type MemberExportColumn,
  type MemberSort,
} from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { AccessDenied } from '../../../components/ui/access-denied';
import { parseVisibilityModel, useColumnChoice } from '../../../hooks/use-column-choice';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useDocumentTitle } from '../../../hooks/use-document-title';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { exportUsersHref } from '../api/export-users';
import { type UsersFilters, useUsers } from '../api/get-users';
import { AddUserDialog } from './add-user-dialog';
import { EditUserDialog } from './edit-user-dialog';
import { RemoveUserDialog } from './remove-user-dialog';
import { PAGE_SIZE_OPTIONS, UsersTable } from './users-table';
import { type ColumnChoice, UsersToolbar } from './users-toolbar';

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

  const isAdmin = roleLevel === 0;
  const mayView = roleLevel === 0 || roleLevel === 1;

  const [search, setSearch] = useState('');
  const debouncedSearch = useDebouncedValue(search);
  const [roleFilter, setRoleFilter] = useState<UsersFilters['roleLevel']>('');
  const [groupFilter, setGroupFilter] = useState<UsersFilters['groupId']>('');
  const [isGrouped, setIsGrouped] = useState(false);
  const [sortModel, setSortModel] = useState<GridSortModel>([]);
  const [paginationModel, setPaginationModel] = useState<GridPaginationModel>({
    page: 0,
    pageSize: PAGE_SIZE_OPTIONS[0] ?? 25,
  });
  const [columnVisibility, setColumnVisibility] = useColumnChoice('users', eventId, parseVisibilityModel);
  const [isAdding, setIsAdding] = useState(false);
  const [editing, setEditing] = useState<Member | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);

  const filters: UsersFilters = {
    search: debouncedSearch,
    roleLevel: roleFilter,
    groupId: groupFilter,
    sort: toServerSort(sortModel, isGrouped),
  };
  const hasFilters = debouncedSearch.trim() !== '' || roleFilter !== '' || groupFilter !== '';

  const usersQuery = useUsers(
    eventId,
    { ...filters, page: paginationModel.page + 1, pageSize: paginationModel.pageSize },
    mayView,
  );
  const groupsQuery = useGroups(eventId, { enabled: mayView });
  const groups = groupsQuery.data?.groups ?? [];

  // A new filter starts again on the first page.
  const toFirstPage = () => setPaginationModel((model) => ({ ...model, page: 0 }));

  const columnChoices: ColumnChoice[] = MEMBER_EXPORT_COLUMNS.map((field) => ({
    field,
    label: t(field === 'roleLevel' ? 'fields.role' : `fields.${field}`),
    isVisible: columnVisibility[field] !== false,
  }));
  const orderedColumns: MemberExportColumn[] = isGrouped
    ? ['group', ...MEMBER_EXPORT_COLUMNS.filter((field) => field !== 'group')]
    : [...MEMBER_EXPORT_COLUMNS];
  const chosenColumns = orderedColumns.filter((field) => columnVisibility[field] !== false);

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
        onSearchChange={(value) => {
          setSearch(value);
          toFirstPage();
        }}
        roleLevel={roleFilter}
        onRoleLevelChange={(value) => {
          setRoleFilter(value);
          toFirstPage();
        }}
        groupId={groupFilter}
        onGroupIdChange={(value) => {
          setGroupFilter(value);
          toFirstPage();
        }}
        groups={groups}
        isGrouped={isGrouped}
        onGroupedChange={(value) => {
          setIsGrouped(value);
          toFirstPage();
        }}
        columns={columnChoices}
        onColumnToggle={onColumnToggle}
        canExport={chosenColumns.length > 0}
        exportHref={(format) => exportUsersHref(eventId, format, filters, chosenColumns)}
        onAddUser={isAdmin ? () => setIsAdding(true) : undefined}
      />
      <Stack spacing={2}>
        {usersQuery.isError ? (
          <Alert severity="error" data-testid="users-error">
            {errorMessagesOf(usersQuery.error).map(translateMessage).join(' ')}
          </Alert>
        ) : null}
        {groupsQuery.isError ? (
          <Alert severity="warning">{errorMessagesOf(groupsQuery.error).map(translateMessage).join(' ')}</Alert>
        ) : null}
        <UsersTable
          rows={usersQuery.data?.users ?? []}
          total={usersQuery.data?.total ?? 0}
          isLoading={usersQuery.isFetching}
          paginationModel={paginationModel}
          onPaginationModelChange={setPaginationModel}
          sortModel={sortModel}
          onSortModelChange={(model) => {
            setSortModel(model);
            toFirstPage();
          }}
          columnVisibilityModel={columnVisibility}
          onColumnVisibilityModelChange={setColumnVisibility}
          isGrouped={isGrouped}
          hasFilters={hasFilters}
          onEdit={isAdmin ? onEdit : undefined}
          onRemove={isAdmin ? onRemove : undefined}
        />
      </Stack>
      {isAdmin ? (
        <>
          <AddUserDialog eventId={eventId} groups={groups} open={isAdding} onClose={() => setIsAdding(false)} />
          <EditUserDialog eventId={eventId} groups={groups} member={editing} onClose={() => setEditing(null)} />
          <RemoveUserDialog eventId={eventId} member={removing} onClose={() => setRemoving(null)} />
        </>
      ) : null}
    </>
  );
}
