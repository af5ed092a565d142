import { APPLICATION_STATUSES, type ApplicationStatus, type Group } from '@funkis/shared';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

const KEEP = '';
const NO_GROUP = 'none';

export interface BulkChoice {
  status?: ApplicationStatus;
  /** null: no group; undefined: keep. */
  groupId?: number | null;
}

interface BulkActionsProps {
  count: number;
  total: number;
  isAllMatching: boolean;
  onSelectAllMatching: () => void;
  onClear: () => void;
  /** Null: the group cannot be changed (a group leader). */
  groups: Group[] | null;
  onApply: (choice: BulkChoice) => void;
}

/** Shown while rows are selected: the count, "select all N matching", and the status and group to set. */
export function BulkActions({
  count,
  total,
  isAllMatching,
  onSelectAllMatching,
  onClear,
  groups,
  onApply,
}: BulkActionsProps) {
  const { t } = useTranslation('applications');
  const [status, setStatus] = useState<string>(KEEP);
  const [groupId, setGroupId] = useState<string>(KEEP);
  const choice: BulkChoice = {
    status: status === KEEP ? undefined : (status as ApplicationStatus),
    groupId: groupId === KEEP ? undefined : groupId === NO_GROUP ? null : Number(groupId),
  };
  const hasChoice = choice.status !== undefined || choice.groupId !== undefined;

  return (
    <Paper
      variant="outlined"
      sx={{ p: 2, bgcolor: 'action.hover' }}
      component="section"
      aria-label={t('bulk.setStatus')}
    >
      <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        <Typography role="status" data-testid="bulk-count">
          {isAllMatching ? t('bulk.allMatchingSelected', { count: total }) : t('bulk.selected', { count })}
        </Typography>
        {!isAllMatching && total > count && (
          <Button size="small" onClick={onSelectAllMatching}>
            {t('bulk.selectAllMatching', { count: total })}
          </Button>
        )}
        <Button size="small" onClick={onClear}>
          {t('bulk.clearSelection')}
        </Button>
        <TextField
          select
          size="small"
          label={t('bulk.setStatus')}
          value={status}
          onChange={(event) => setStatus(event.target.value)}
          sx={{ width: { xs: '100%', sm: 200 } }}
        >
          <MenuItem value={KEEP}>{t('bulk.keep')}</MenuItem>
          {APPLICATION_STATUSES.map((item) => (
            <MenuItem key={item} value={item}>
              {t(`status.${item}`)}
            </MenuItem>
          ))}
        </TextField>
        {groups && (
          <TextField
            select
            size="small"
            label={t('bulk.setGroup')}
            value={groupId}
            onChange={(event) => setGroupId(event.target.value)}
            sx={{ width: { xs: '100%', sm: 200 } }}
          >
            <MenuItem value={KEEP}>{t('bulk.keep')}</MenuItem>
            {groups.map((group) => (
              <MenuItem key={group.id} value={String(group.id)}>
                {group.name}
              </MenuItem>
            ))}
            <MenuItem value={NO_GROUP}>{t('filters.noGroup')}</MenuItem>
          </TextField>
        )}
        <Button variant="contained" disabled={!hasChoice} onClick={() => onApply(choice)}>
          {t('bulk.apply')}
        </Button>
      </Stack>
    </Paper>
  );
}
