import type { Application, FormField, WeekSeparationConfig } from '@funkis/shared';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { STATUS_COLORS } from './applications-table';
import { formatAnswer, formatDate, weekLabel } from './format';

interface ApplicationCardsProps {
  applications: Application[];
  answerFields: FormField[];
  weekConfig: WeekSeparationConfig | null;
  selectedIds: ReadonlySet<number>;
  isAllMatching: boolean;
  onToggle: (id: number) => void;
  onTogglePage: (checked: boolean) => void;
  onOpen: (application: Application) => void;
}

/**
 * The page of applications on a narrow screen (below 600 px): one card per application with every column the table
 * has (status, group, week, chosen answers, date) instead of a table whose key columns hide behind a sideways scroll.
 */
export function ApplicationCards({
  applications,
  answerFields,
  weekConfig,
  selectedIds,
  isAllMatching,
  onToggle,
  onTogglePage,
  onOpen,
}: ApplicationCardsProps) {
  const { t, i18n } = useTranslation('applications');
  const pageSelected = applications.filter((application) => selectedIds.has(application.id)).length;
  const line = (label: string, value: string) => (
    <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
      <Box component="span" sx={{ color: 'text.secondary' }}>
        {label}:
      </Box>{' '}
      <bdi>{value}</bdi>
    </Typography>
  );
  return (
    <Box data-testid="application-cards">
      <Box sx={{ px: 1, py: 0.5, borderBottom: 1, borderColor: 'divider' }}>
        <Checkbox
          checked={isAllMatching || (applications.length > 0 && pageSelected === applications.length)}
          indeterminate={!isAllMatching && pageSelected > 0 && pageSelected < applications.length}
          disabled={isAllMatching || applications.length === 0}
          onChange={(event) => onTogglePage(event.target.checked)}
          slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
        />
        <Typography component="span" variant="body2">
          {t('table.selectPage')}
        </Typography>
      </Box>
      <Stack component="ul" aria-label={t('table.label')} sx={{ listStyle: 'none', m: 0, p: 1, gap: 1 }}>
        {applications.map((application) => {
          const name = `${application.user.firstname} ${application.user.lastname}`.trim();
          const isSelected = isAllMatching || selectedIds.has(application.id);
          return (
            <Paper
              key={application.id}
              component="li"
              variant="outlined"
              data-testid="application-card"
              sx={{ p: 1, bgcolor: isSelected ? 'action.selected' : undefined }}
            >
              <Stack direction="row" spacing={0.5} sx={{ alignItems: 'flex-start' }}>
                <Checkbox
                  checked={isSelected}
                  disabled={isAllMatching}
                  onChange={() => onToggle(application.id)}
                  slotProps={{ input: { 'aria-label': t('table.select', { name }) } }}
                />
                <Stack spacing={0.5} sx={{ minWidth: 0, flex: 1, pt: 0.75 }}>
                  <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', alignItems: 'center' }}>
                    <Button
                      variant="text"
                      onClick={() => onOpen(application)}
                      aria-label={t('table.open', { name })}
                      sx={{ p: 0, minWidth: 0, fontWeight: 600, textAlign: 'start', overflowWrap: 'anywhere' }}
                    >
                      <bdi>{name}</bdi>
                    </Button>
                    <Chip
                      size="small"
                      color={STATUS_COLORS[application.status]}
                      label={t(`status.${application.status}`)}
                    />
                  </Stack>
                  <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
                    <bdi>{application.user.email}</bdi>
                  </Typography>
                  {line(t('table.group'), application.group?.name ?? t('filters.noGroup'))}
                  {weekConfig ? line(weekConfig.columnLabel, weekLabel(weekConfig, application.week)) : null}
                  {answerFields.map((field) => (
                    <Box key={field.name}>
                      {line(field.label || field.name, formatAnswer(t, application.answers[field.name], field))}
                    </Box>
                  ))}
                  {line(t('table.createdAt'), formatDate(application.createdAt, i18n.language))}
                </Stack>
              </Stack>
            </Paper>
          );
        })}
      </Stack>
    </Box>
  );
}
