import type { Group, MemberExportColumn } from '@funkis/shared';
import Download from '@mui/icons-material/Download';
import ForwardToInbox from '@mui/icons-material/ForwardToInbox';
import Search from '@mui/icons-material/Search';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { type ColumnChoice, ColumnChoiceMenu } from '../../../components/ui/column-choice-menu';
import type { ExportChoice } from '../api/export-users';
import type { UsersFilters } from '../api/get-users';
import { ROLE_LEVELS, roleKey } from './member-fields';

interface UsersToolbarProps {
  search: string;
  onSearchChange: (value: string) => void;
  roleLevel: UsersFilters['roleLevel'];
  onRoleLevelChange: (value: UsersFilters['roleLevel']) => void;
  groupId: UsersFilters['groupId'];
  onGroupIdChange: (value: UsersFilters['groupId']) => void;
  groups: Group[];
  isGrouped: boolean;
  onGroupedChange: (value: boolean) => void;
  columns: ColumnChoice<MemberExportColumn>[];
  onColumnToggle: (field: MemberExportColumn) => void;
  exportHref: (format: ExportChoice) => string;
  canExport: boolean;
  /** Admins only: opens the invite-by-e-mail dialog. */
  onInvite?: () => void;
}

/**
 * Search, filters, grouping, column choice, export (CSV with `,`, CSV with `;` for Swedish and other European
 * Excel, XLSX) and (for admins) inviting by e-mail. Wraps on narrow screens.
 */
export function UsersToolbar(props: UsersToolbarProps) {
  const { t } = useTranslation('users');
  const { groups } = props;

  return (
    <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center', mb: 2 }}>
      <TextField
        type="search"
        label={t('toolbar.search')}
        value={props.search}
        onChange={(event) => props.onSearchChange(event.target.value)}
        size="small"
        sx={{ flex: '1 1 220px', maxWidth: { sm: 320 } }}
        slotProps={{
          input: {
            startAdornment: (
              <InputAdornment position="start">
                <Search fontSize="small" />
              </InputAdornment>
            ),
          },
        }}
      />
      <TextField
        select
        size="small"
        label={t('toolbar.role')}
        value={props.roleLevel}
        onChange={(event) =>
          props.onRoleLevelChange(event.target.value === '' ? '' : (Number(event.target.value) as 0 | 1 | 2))
        }
        sx={{ flex: '0 1 170px', minWidth: 150 }}
      >
        <MenuItem value="">{t('toolbar.allRoles')}</MenuItem>
        {ROLE_LEVELS.map((level) => (
          <MenuItem key={level} value={level}>
            {t(roleKey(level))}
          </MenuItem>
        ))}
      </TextField>
      <TextField
        select
        size="small"
        label={t('toolbar.group')}
        value={props.groupId}
        onChange={(event) => {
          const value = event.target.value as string | number;
          props.onGroupIdChange(value === '' || value === 'none' ? value : Number(value));
        }}
        sx={{ flex: '0 1 190px', minWidth: 150 }}
      >
        <MenuItem value="">{t('toolbar.allGroups')}</MenuItem>
        <MenuItem value="none">{t('noGroup')}</MenuItem>
        {groups.map((group) => (
          <MenuItem key={group.id} value={group.id}>
            {group.name}
          </MenuItem>
        ))}
      </TextField>
      <FormControlLabel
        control={<Switch checked={props.isGrouped} onChange={(event) => props.onGroupedChange(event.target.checked)} />}
        label={t('toolbar.groupByGroup')}
      />
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, ml: { md: 'auto' } }}>
        <ColumnChoiceMenu
          id="users-columns-menu"
          label={t('toolbar.columns')}
          columns={props.columns}
          onToggle={props.onColumnToggle}
        />
        {(['csv', 'csvSemicolon', 'xlsx'] as const).map((format) => (
          <Button
            key={format}
            component="a"
            href={props.canExport ? props.exportHref(format) : undefined}
            download
            disabled={!props.canExport}
            startIcon={<Download />}
          >
            {t(`toolbar.export.${format}`)}
          </Button>
        ))}
        {props.onInvite ? (
          <Button variant="contained" startIcon={<ForwardToInbox />} onClick={props.onInvite}>
            {t('toolbar.invite')}
          </Button>
        ) : null}
      </Stack>
    </Stack>
  );
}
