import type { Member } from '@funkis/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import {
  DataGrid,
  GridActionsCellItem,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridLocaleText,
  type GridPaginationModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { daDK, deDE, esES, frFR, nbNO, svSE, zhCN } from '@mui/x-data-grid/locales';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_SIZE_OPTIONS } from '../api/list-params';
import { roleKey } from './member-fields';

const gridLocales: Record<string, Partial<GridLocaleText>> = {
  sv: svSE.components.MuiDataGrid.defaultProps.localeText,
  no: nbNO.components.MuiDataGrid.defaultProps.localeText,
  da: daDK.components.MuiDataGrid.defaultProps.localeText,
  de: deDE.components.MuiDataGrid.defaultProps.localeText,
  fr: frFR.components.MuiDataGrid.defaultProps.localeText,
  es: esES.components.MuiDataGrid.defaultProps.localeText,
  zh: zhCN.components.MuiDataGrid.defaultProps.localeText,
};

interface UsersTableProps {
  rows: Member[];
  total: number;
  isLoading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  sortModel: GridSortModel;
  onSortModelChange: (model: GridSortModel) => void;
  columnVisibilityModel: GridColumnVisibilityModel;
  onColumnVisibilityModelChange: (model: GridColumnVisibilityModel) => void;
  /** Grouped by group: the group column comes first (the server sorts by it). */
  isGrouped: boolean;
  hasFilters: boolean;
  /** Admins only: the row actions. */
  onEdit?: (member: Member) => void;
  onRemove?: (member: Member) => void;
}

/** The members in a server-paged, server-sorted grid; on a phone it scrolls sideways. */
export function UsersTable(props: UsersTableProps) {
  const { t, i18n } = useTranslation('users');
  const { onEdit, onRemove, isGrouped } = props;

  const columns = useMemo<GridColDef<Member>[]>(() => {
    const groupColumn: GridColDef<Member> = {
      field: 'group',
      headerName: t('fields.group'),
      minWidth: 150,
      flex: 1,
      valueGetter: (_value, row) => row.group?.name ?? t('noGroup'),
    };
    const list: GridColDef<Member>[] = [
      { field: 'firstname', headerName: t('fields.firstname'), minWidth: 130, flex: 1 },
      { field: 'lastname', headerName: t('fields.lastname'), minWidth: 130, flex: 1 },
      { field: 'email', headerName: t('fields.email'), minWidth: 220, flex: 1.5 },
      {
        field: 'roleLevel',
        headerName: t('fields.role'),
        minWidth: 130,
        flex: 0.8,
        valueFormatter: (value: number) => t(roleKey(value)),
      },
    ];
    if (isGrouped) list.unshift(groupColumn);
    else list.push(groupColumn);
    if (onEdit && onRemove) {
      list.push({
        field: 'actions',
        type: 'actions',
        headerName: t('fields.actions'),
        width: 110,
        getActions: ({ row }) => [
          <GridActionsCellItem
            key="edit"
            icon={<Edit />}
            label={t('actions.editMember', { email: row.email })}
            onClick={() => onEdit(row)}
          />,
          <GridActionsCellItem
            key="remove"
            icon={<DeleteOutline />}
            label={t('actions.removeMember', { email: row.email })}
            onClick={() => onRemove(row)}
          />,
        ],
      });
    }
    return list;
  }, [t, isGrouped, onEdit, onRemove]);

  const localeText = useMemo<Partial<GridLocaleText>>(
    () => ({
      ...(gridLocales[i18n.language] ?? {}),
      noRowsLabel: props.hasFilters ? t('empty.filtered') : t('empty.none'),
    }),
    [i18n.language, props.hasFilters, t],
  );

  return (
    <DataGrid
      aria-label={t('table.label')}
      rows={props.rows}
      columns={columns}
      rowCount={props.total}
      loading={props.isLoading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      disableColumnFilter
      disableRowSelectionOnClick
      pageSizeOptions={[...PAGE_SIZE_OPTIONS]}
      paginationModel={props.paginationModel}
      onPaginationModelChange={props.onPaginationModelChange}
      sortModel={props.sortModel}
      onSortModelChange={props.onSortModelChange}
      columnVisibilityModel={props.columnVisibilityModel}
      onColumnVisibilityModelChange={props.onColumnVisibilityModelChange}
      localeText={localeText}
      autoHeight={false}
      sx={{ minHeight: 320, height: { xs: 520, md: 'calc(100vh - 300px)' }, maxHeight: 900 }}
    />
  );
}
