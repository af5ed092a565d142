import type { Group } from '@funkis/shared';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** What every shift form asks besides its times. */
export interface ShiftFieldValues {
  title: string;
  description: string;
  location: string;
  /** As typed: the schema checks it when the form is sent. */
  capacity: string;
  groupId: '' | number;
}

interface ShiftFieldsProps {
  values: ShiftFieldValues;
  onChange(patch: Partial<ShiftFieldValues>): void;
  groups: Group[];
  /** Leaders keep their shifts in their own group: the group cannot be changed. */
  fixedGroupId: number | null;
  /** The form's time fields (one shift's start and end, or a repeating pattern), between description and places. */
  children: ReactNode;
}

/**
 * The fields of a shift shared by the create and edit dialogs: title, location, description, the dialog's own time
 * fields, then places and group. Laid out as rows of the dialog's Stack.
 */
export function ShiftFields({ values, onChange, groups, fixedGroupId, children }: ShiftFieldsProps) {
  const { t } = useTranslation('scheduling');
  const set =
    (field: 'title' | 'description' | 'location' | 'capacity') => (event: React.ChangeEvent<HTMLInputElement>) =>
      onChange({ [field]: event.target.value });
  return (
    <>
      <TextField label={t('fields.title')} value={values.title} onChange={set('title')} required />
      <TextField label={t('fields.location')} value={values.location} onChange={set('location')} />
      <TextField
        label={t('fields.description')}
        value={values.description}
        onChange={set('description')}
        multiline
        minRows={2}
      />
      {children}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          label={t('fields.capacity')}
          type="number"
          value={values.capacity}
          onChange={set('capacity')}
          slotProps={{ htmlInput: { min: 1 } }}
          required
          fullWidth
        />
        <TextField
          select
          label={t('fields.group')}
          value={values.groupId}
          onChange={(event) => onChange({ groupId: event.target.value === '' ? '' : Number(event.target.value) })}
          disabled={fixedGroupId !== null}
          fullWidth
        >
          <MenuItem value="">{t('fields.noGroup')}</MenuItem>
          {groups.map((group) => (
            <MenuItem key={group.id} value={group.id}>
              {group.name}
            </MenuItem>
          ))}
        </TextField>
      </Stack>
    </>
  );
}
