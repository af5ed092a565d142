import type { Member } from '@funkis/shared';
import DeleteOutline from '@mui/icons-material/DeleteOutline';
import Edit from '@mui/icons-material/Edit';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TablePagination from '@mui/material/TablePagination';
import Typography from '@mui/material/Typography';
import type { GridPaginationModel } from '@mui/x-data-grid';
import { useTranslation } from 'react-i18next';
import { NARROW_PAGINATION_SX, usePaginationTexts } from '../../../lib/mui-locale';
import { PAGE_SIZE_OPTIONS } from '../api/list-params';
import { roleKey } from './member-fields';

interface UserCardsProps {
  rows: Member[];
  total: number;
  isLoading: boolean;
  paginationModel: GridPaginationModel;
  onPaginationModelChange: (model: GridPaginationModel) => void;
  hasFilters: boolean;
  onEdit?: (member: Member) => void;
  onRemove?: (member: Member) => void;
}

/**
 * The members on a narrow screen (below 600 px): a card each with name, e-mail, role, group and the admin's
 * actions, and the same server paging as the grid, whose columns and next-page arrow do not fit there.
 */
export function UserCards({
  rows,
  total,
  isLoading,
  paginationModel,
  onPaginationModelChange,
  ...props
}: UserCardsProps) {
  const { t } = useTranslation('users');
  const paginationTexts = usePaginationTexts();
  return (
    <Paper variant="outlined" data-testid="user-cards" aria-busy={isLoading}>
      {rows.length === 0 && !isLoading ? (
        <Typography sx={{ p: 2 }} color="text.secondary">
          {props.hasFilters ? t('empty.filtered') : t('empty.none')}
        </Typography>
      ) : (
        <Stack component="ul" aria-label={t('table.label')} sx={{ listStyle: 'none', m: 0, p: 1, gap: 1 }}>
          {rows.map((member) => (
            <Paper key={member.id} component="li" variant="outlined" data-testid="user-card" sx={{ p: 1.5 }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
                <Box sx={{ minWidth: 0, flex: 1 }}>
                  <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>
                    <bdi>{`${member.firstname} ${member.lastname}`}</bdi>
                  </Typography>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{member.email}</bdi>
                  </Typography>
                  <Typography variant="body2">
                    {t(roleKey(member.roleLevel))} · <bdi>{member.group?.name ?? t('noGroup')}</bdi>
                  </Typography>
                </Box>
                {props.onEdit && props.onRemove ? (
                  <Stack direction="row">
                    <IconButton
                      aria-label={t('actions.editMember', { email: member.email })}
                      onClick={() => props.onEdit?.(member)}
                    >
                      <Edit />
                    </IconButton>
                    <IconButton
                      aria-label={t('actions.removeMember', { email: member.email })}
                      onClick={() => props.onRemove?.(member)}
                    >
                      <DeleteOutline />
                    </IconButton>
                  </Stack>
                ) : null}
              </Stack>
            </Paper>
          ))}
        </Stack>
      )}
      <TablePagination
        {...paginationTexts}
        component="div"
        count={total}
        page={paginationModel.page}
        rowsPerPage={paginationModel.pageSize}
        rowsPerPageOptions={[...PAGE_SIZE_OPTIONS]}
        onPageChange={(_, page) => onPaginationModelChange({ ...paginationModel, page })}
        onRowsPerPageChange={(event) => onPaginationModelChange({ page: 0, pageSize: Number(event.target.value) })}
        sx={NARROW_PAGINATION_SX}
      />
    </Paper>
  );
}
