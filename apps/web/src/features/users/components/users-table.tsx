import type { Language, Member } from '@funkis/shared';
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
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDisplayedRowsText, usePaginationTexts } from '../../../lib/mui-locale';
import { PAGE_SIZE_OPTIONS } from '../api/list-params';
import { roleKey } from './member-fields';

type GridLocalePack = { components: { MuiDataGrid: { defaultProps: { localeText: Partial<GridLocaleText> } } } };

/** The grid's texts per language, each its own chunk: only the active language's is fetched (decision 026). */
const GRID_LOCALES: Partial<Record<Language, () => Promise<{ default: GridLocalePack }>>> = {
  sv: () => import('./grid-locales/sv'),
  no: () => import('./grid-locales/no'),
  da: () => import('./grid-locales/da'),
  de: () => import('./grid-locales/de'),
  fr: () => import('./grid-locales/fr'),
  es: () => import('./grid-locales/es'),
  zh: () => import('./grid-locales/zh'),
};

const NO_TEXTS: Partial<GridLocaleText> = {};

function useGridLocaleText(language: string): Partial<GridLocaleText> {
  const [texts, setTexts] = useState<{ language: string; localeText: Partial<GridLocaleText> } | null>(null);
  useEffect(() => {
    const load = GRID_LOCALES[language as Language];
    if (!load) return;
    let isCurrent = true;
    load().then(
      (module) => {
        if (isCurrent)
          setTexts({ language, localeText: module.default.components.MuiDataGrid.defaultProps.localeText });
      },
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [language]);
  return texts?.language === language ? texts.localeText : NO_TEXTS;
}

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

  const gridTexts = useGridLocaleText(i18n.language);
  // Some packs (Swedish) leave "1–25 of 666" in English: MUI's own pack of the language has it (isolated for
  // right-to-left).
  const paging = usePaginationTexts();
  const displayedRows = useDisplayedRowsText();
  const localeText = useMemo<Partial<GridLocaleText>>(
    () => ({
      ...gridTexts,
      paginationDisplayedRows: ({ from, to, count }) => displayedRows({ from, to, count, page: 0 }),
      ...(paging.getItemAriaLabel ? { paginationItemAriaLabel: paging.getItemAriaLabel } : {}),
      noRowsLabel: props.hasFilters ? t('empty.filtered') : t('empty.none'),
    }),
    [gridTexts, displayedRows, paging.getItemAriaLabel, props.hasFilters, t],
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
