import {
  APPLICATION_STATUSES,
  type FormField,
  type Group,
  NO_GROUP_FILTER,
  type WeekSeparationConfig,
} from '@funkis/shared';
import CheckBoxIcon from '@mui/icons-material/CheckBox';
import CheckBoxOutlineBlankIcon from '@mui/icons-material/CheckBoxOutlineBlank';
import ViewColumnIcon from '@mui/icons-material/ViewColumn';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

interface ApplicationsFiltersProps {
  status: string[];
  onStatusChange: (status: string[]) => void;
  groupId: string[];
  onGroupIdChange: (groupId: string[]) => void;
  /** Null hides the group filter (a group leader sees only their own group). */
  groups: Group[] | null;
  week: string[];
  onWeekChange: (week: string[]) => void;
  weekConfig: WeekSeparationConfig | null;
  search: string;
  onSearchChange: (search: string) => void;
  /** Every filter and the search at once. */
  onClear: () => void;
  answerFields: FormField[];
  shownFields: string[];
  onShownFieldsChange: (names: string[]) => void;
}

const toggle = (list: string[], value: string) =>
  list.includes(value) ? list.filter((item) => item !== value) : [...list, value];

/** Status chips, group and week choices, search and the answer-column choice; they wrap on a narrow screen. */
export function ApplicationsFilters(props: ApplicationsFiltersProps) {
  const { t } = useTranslation('applications');
  const [columnsAnchor, setColumnsAnchor] = useState<HTMLElement | null>(null);
  const hasFilter = props.status.length + props.groupId.length + props.week.length > 0 || props.search !== '';

  return (
    <Stack spacing={2} component="section" aria-label={t('filters.title')}>
      <Box role="group" aria-labelledby="status-filter-label">
        <Typography id="status-filter-label" variant="subtitle2" sx={{ mb: 1 }}>
          {t('filters.status')}
        </Typography>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1 }}>
          {APPLICATION_STATUSES.map((status) => {
            const isOn = props.status.includes(status);
            return (
              <Chip
                key={status}
                label={t(`status.${status}`)}
                color={isOn ? 'primary' : 'default'}
                variant={isOn ? 'filled' : 'outlined'}
                onClick={() => props.onStatusChange(toggle(props.status, status))}
                aria-pressed={isOn}
                role="button"
              />
            );
          })}
        </Stack>
      </Box>
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <TextField
          label={t('filters.search')}
          placeholder={t('filters.searchPlaceholder')}
          type="search"
          size="small"
          value={props.search}
          onChange={(event) => props.onSearchChange(event.target.value)}
          sx={{ minWidth: 220, flex: '1 1 220px' }}
        />
        {props.groups && (
          <TextField
            select
            label={t('filters.group')}
            size="small"
            value={props.groupId}
            onChange={(event) => {
              const value = event.target.value as unknown as string[] | string;
              props.onGroupIdChange(typeof value === 'string' ? value.split(',') : value);
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  (selected as string[])
                    .map((id) =>
                      id === NO_GROUP_FILTER
                        ? t('filters.noGroup')
                        : (props.groups?.find((group) => String(group.id) === id)?.name ?? id),
                    )
                    .join(', '),
              },
            }}
            sx={{ minWidth: 180, flex: '1 1 180px' }}
          >
            {props.groups.map((group) => (
              <MenuItem key={group.id} value={String(group.id)}>
                <Checkbox checked={props.groupId.includes(String(group.id))} size="small" />
                <ListItemText primary={group.name} />
              </MenuItem>
            ))}
            <MenuItem value={NO_GROUP_FILTER}>
              <Checkbox checked={props.groupId.includes(NO_GROUP_FILTER)} size="small" />
              <ListItemText primary={t('filters.noGroup')} />
            </MenuItem>
          </TextField>
        )}
        {props.weekConfig && (
          <TextField
            select
            label={props.weekConfig.filterLabel}
            size="small"
            value={props.week}
            onChange={(event) => {
              const value = event.target.value as unknown as string[] | string;
              props.onWeekChange(typeof value === 'string' ? value.split(',') : value);
            }}
            slotProps={{
              select: {
                multiple: true,
                renderValue: (selected) =>
                  (selected as string[])
                    .map((value) => props.weekConfig?.options.find((option) => option.value === value)?.label ?? value)
                    .join(', '),
              },
            }}
            sx={{ minWidth: 180, flex: '1 1 180px' }}
          >
            {props.weekConfig.options.map((option) => (
              <MenuItem key={option.value} value={option.value}>
                <Checkbox checked={props.week.includes(option.value)} size="small" />
                <ListItemText primary={option.label} />
              </MenuItem>
            ))}
          </TextField>
        )}
        <Button
          startIcon={<ViewColumnIcon />}
          onClick={(event) => setColumnsAnchor(event.currentTarget)}
          aria-haspopup="menu"
          aria-expanded={columnsAnchor !== null}
          aria-controls={columnsAnchor ? 'answer-columns-menu' : undefined}
        >
          {t('filters.columns')}
        </Button>
        <Menu
          id="answer-columns-menu"
          anchorEl={columnsAnchor}
          open={columnsAnchor !== null}
          onClose={() => setColumnsAnchor(null)}
          slotProps={{ list: { 'aria-label': t('filters.answerColumns') } }}
        >
          {props.answerFields.length === 0 && <MenuItem disabled>{t('filters.noAnswerFields')}</MenuItem>}
          {props.answerFields.map((field) => {
            const isShown = props.shownFields.includes(field.name);
            return (
              <MenuItem
                key={field.name}
                role="menuitemcheckbox"
                aria-checked={isShown}
                onClick={() => props.onShownFieldsChange(toggle(props.shownFields, field.name))}
              >
                {/* A picture of the state only: the item is the check control (no input nested in a menu item). */}
                <ListItemIcon aria-hidden>
                  {isShown ? (
                    <CheckBoxIcon fontSize="small" color="primary" />
                  ) : (
                    <CheckBoxOutlineBlankIcon fontSize="small" />
                  )}
                </ListItemIcon>
                <ListItemText primary={field.label || field.name} />
              </MenuItem>
            );
          })}
        </Menu>
        {hasFilter && <Button onClick={props.onClear}>{t('filters.clear')}</Button>}
      </Stack>
    </Stack>
  );
}
