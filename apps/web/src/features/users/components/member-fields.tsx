import type { Group } from '@funkis/shared';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';

export const ROLE_LEVELS = [0, 1, 2] as const;
export type RoleLevel = (typeof ROLE_LEVELS)[number];

/** The translation key of a role level's name. */
export const roleKey = (level: number) => `roles.${level}` as const;

interface RoleSelectProps {
  value: RoleLevel;
  onChange: (value: RoleLevel) => void;
  disabled?: boolean;
}

export function RoleSelect({ value, onChange, disabled }: RoleSelectProps) {
  const { t } = useTranslation('users');
  return (
    <TextField
      select
      label={t('fields.role')}
      value={value}
      onChange={(event) => onChange(Number(event.target.value) as RoleLevel)}
      disabled={disabled}
      fullWidth
    >
      {ROLE_LEVELS.map((level) => (
        <MenuItem key={level} value={level}>
          {t(roleKey(level))}
        </MenuItem>
      ))}
    </TextField>
  );
}

interface GroupSelectProps {
  groups: Group[];
  value: number | null;
  onChange: (value: number | null) => void;
  disabled?: boolean;
}

const NO_GROUP = 'none';

export function GroupSelect({ groups, value, onChange, disabled }: GroupSelectProps) {
  const { t } = useTranslation('users');
  return (
    <TextField
      select
      label={t('fields.group')}
      value={value ?? NO_GROUP}
      onChange={(event) => onChange(event.target.value === NO_GROUP ? null : Number(event.target.value))}
      disabled={disabled}
      fullWidth
    >
      <MenuItem value={NO_GROUP}>{t('noGroup')}</MenuItem>
      {groups.map((group) => (
        <MenuItem key={group.id} value={group.id}>
          {group.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
