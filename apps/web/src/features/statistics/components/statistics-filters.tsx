import { APPLICATION_STATUSES, type WeekSeparationConfig } from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import InputLabel from '@mui/material/InputLabel';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import OutlinedInput from '@mui/material/OutlinedInput';
import Select from '@mui/material/Select';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { DateField } from '../../../components/forms/date-field';
import { Form } from '../../../components/forms/form';
import type { StatisticsFilterParams } from '../api/filter-params';

export interface GroupChoice {
  /** A group id as text, or 'none' for applications without a group. */
  value: string;
  label: string;
}

interface MultiSelectProps {
  label: string;
  value: string[];
  choices: { value: string; label: string }[];
  onChange: (value: string[]) => void;
}

function MultiSelect({ label, value, choices, onChange }: MultiSelectProps) {
  const { t } = useTranslation('statistics');
  const labelId = useId();
  const labelOf = (item: string) => choices.find((choice) => choice.value === item)?.label ?? item;
  return (
    <FormControl size="small" sx={{ minWidth: 0 }}>
      {/* The empty value shows "Any": the label sits above it (shrunk, the outline notched), never on top of it. */}
      <InputLabel id={labelId} shrink>
        {label}
      </InputLabel>
      <Select
        labelId={labelId}
        multiple
        value={value}
        onChange={(event) => {
          const next = event.target.value;
          onChange(typeof next === 'string' ? next.split(',') : next);
        }}
        input={<OutlinedInput label={label} notched />}
        renderValue={(selected) => (selected.length === 0 ? t('filters.any') : selected.map(labelOf).join(', '))}
        displayEmpty
      >
        {choices.map((choice) => (
          <MenuItem key={choice.value} value={choice.value}>
            <Checkbox checked={value.includes(choice.value)} size="small" />
            <ListItemText primary={choice.label} />
          </MenuItem>
        ))}
      </Select>
    </FormControl>
  );
}

interface StatisticsFiltersProps {
  filter: StatisticsFilterParams;
  groups: GroupChoice[];
  weeks: WeekSeparationConfig | null;
  /** A change of some of the filters; the others stay as they are. */
  onChange: (patch: Partial<StatisticsFilterParams>) => void;
}

/** The applications review's filters (status, group, week) and a range of application days; kept in the URL. */
export function StatisticsFilters({ filter, groups, weeks, onChange }: StatisticsFiltersProps) {
  const { t } = useTranslation('statistics');
  const isFiltered =
    filter.status.length + filter.groupId.length + filter.week.length > 0 || filter.from !== '' || filter.to !== '';
  return (
    <Box
      component={Form}
      role="search"
      aria-label={t('filters.label')}
      // A grid, not a flex column: a child's flex-basis (160 px) would become its height when stacked on a phone.
      sx={{
        display: 'grid',
        gridTemplateColumns: { xs: '1fr', sm: 'repeat(auto-fill, minmax(170px, 1fr))' },
        gap: 1.5,
        alignItems: 'center',
        mb: 3,
      }}
      // The filters apply as they change; a submit (Enter in a field) does nothing more.
      onSubmit={() => undefined}
    >
      <MultiSelect
        label={t('filters.status')}
        value={filter.status}
        choices={APPLICATION_STATUSES.map((status) => ({ value: status, label: t(`status.${status}`) }))}
        onChange={(status) => onChange({ status })}
      />
      <MultiSelect
        label={t('filters.group')}
        value={filter.groupId}
        choices={groups}
        onChange={(groupId) => onChange({ groupId })}
      />
      {weeks ? (
        <MultiSelect
          label={weeks.filterLabel}
          value={filter.week}
          choices={weeks.options}
          onChange={(week) => onChange({ week })}
        />
      ) : null}
      <DateField
        size="small"
        label={t('filters.from')}
        value={filter.from}
        max={filter.to || undefined}
        onChange={(from) => onChange({ from })}
        sx={{ flex: '1 1 150px' }}
      />
      <DateField
        size="small"
        label={t('filters.to')}
        value={filter.to}
        min={filter.from || undefined}
        onChange={(to) => onChange({ to })}
        sx={{ flex: '1 1 150px' }}
      />
      <Button
        disabled={!isFiltered}
        onClick={() => onChange({ status: [], groupId: [], week: [], from: '', to: '' })}
        sx={{ justifySelf: 'start' }}
      >
        {t('filters.clear')}
      </Button>
    </Box>
  );
}
