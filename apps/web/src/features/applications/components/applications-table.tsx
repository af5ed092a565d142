import {
  APPLICATION_STATUSES,
  type Application,
  type ApplicationSort,
  type ApplicationSortField,
  type ApplicationStatus,
  type FormField,
  type WeekSeparationConfig,
} from '@funkis/shared';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TableSortLabel from '@mui/material/TableSortLabel';
import { type KeyboardEvent, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { formatAnswer, formatDate, weekLabel } from './format';

export const STATUS_COLORS: Record<
  ApplicationStatus,
  'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'
> = {
  pending: 'info',
  staged: 'primary',
  accepted: 'success',
  reserve: 'warning',
  rejected: 'error',
  none: 'default',
};

interface ApplicationsTableProps {
  applications: Application[];
  answerFields: FormField[];
  /** Shown as a column (with the config's column label) when the event uses week separation. */
  weekConfig: WeekSeparationConfig | null;
  sort: ApplicationSort;
  onSortChange: (sort: ApplicationSort) => void;
  selectedIds: ReadonlySet<number>;
  isAllMatching: boolean;
  onToggle: (id: number) => void;
  onTogglePage: (checked: boolean) => void;
  focusedIndex: number;
  onFocusedIndexChange: (index: number) => void;
  onOpen: (application: Application) => void;
  onSetStatus: (application: Application, status: ApplicationStatus) => void;
}

const nameOf = (application: Application) => `${application.user.firstname} ${application.user.lastname}`.trim();

/**
 * One page of applications. Rows are reachable with the keyboard: arrows or j/k move, Enter or Space opens the
 * detail drawer, 1–6 set a status (after the confirm dialog), x toggles the row's checkbox.
 */
export function ApplicationsTable({
  applications,
  answerFields,
  weekConfig,
  sort,
  onSortChange,
  selectedIds,
  isAllMatching,
  onToggle,
  onTogglePage,
  focusedIndex,
  onFocusedIndexChange,
  onOpen,
  onSetStatus,
}: ApplicationsTableProps) {
  const { t, i18n } = useTranslation('applications');
  const rowRefs = useRef<(HTMLTableRowElement | null)[]>([]);
  const shouldFocus = useRef(false);

  useEffect(() => {
    if (shouldFocus.current) {
      rowRefs.current[focusedIndex]?.focus();
      shouldFocus.current = false;
    }
  }, [focusedIndex]);

  const moveTo = (index: number) => {
    const next = Math.max(0, Math.min(applications.length - 1, index));
    shouldFocus.current = true;
    if (next === focusedIndex) rowRefs.current[next]?.focus();
    onFocusedIndexChange(next);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLTableRowElement>, index: number, application: Application) => {
    if (event.target !== event.currentTarget || event.altKey || event.ctrlKey || event.metaKey) return;
    const key = event.key;
    if (key === 'ArrowDown' || key === 'j') moveTo(index + 1);
    else if (key === 'ArrowUp' || key === 'k') moveTo(index - 1);
    else if (key === 'Home') moveTo(0);
    else if (key === 'End') moveTo(applications.length - 1);
    else if (key === 'Enter' || key === ' ') onOpen(application);
    else if (key === 'x') onToggle(application.id);
    else if (/^[1-6]$/.test(key)) onSetStatus(application, APPLICATION_STATUSES[Number(key) - 1]);
    else return;
    event.preventDefault();
  };

  const sortHeader = (field: ApplicationSortField, label: string) => {
    const isActive = sort === field || sort === `-${field}`;
    const direction = sort === `-${field}` ? 'desc' : 'asc';
    return (
      <TableCell sortDirection={isActive ? direction : false} sx={{ whiteSpace: 'nowrap' }}>
        <TableSortLabel
          active={isActive}
          direction={isActive ? direction : 'asc'}
          onClick={() => onSortChange(isActive && direction === 'asc' ? `-${field}` : field)}
        >
          {label}
        </TableSortLabel>
      </TableCell>
    );
  };

  const pageSelected = applications.filter((application) => selectedIds.has(application.id)).length;

  return (
    <TableContainer
      // Scrolls sideways on a phone: focusable and named so the keyboard can scroll it (axe: scrollable-region-focusable).
      sx={{ overflowX: 'auto' }}
      tabIndex={0}
      role="region"
      aria-label={t('table.label')}
    >
      <Table size="small" aria-label={t('table.label')} sx={{ minWidth: 720 }}>
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox">
              <Checkbox
                checked={isAllMatching || (applications.length > 0 && pageSelected === applications.length)}
                indeterminate={!isAllMatching && pageSelected > 0 && pageSelected < applications.length}
                disabled={isAllMatching || applications.length === 0}
                onChange={(event) => onTogglePage(event.target.checked)}
                slotProps={{ input: { 'aria-label': t('table.selectPage') } }}
              />
            </TableCell>
            {sortHeader('lastname', t('table.name'))}
            {sortHeader('email', t('table.email'))}
            {sortHeader('status', t('table.status'))}
            {sortHeader('group', t('table.group'))}
            {weekConfig && <TableCell sx={{ whiteSpace: 'nowrap' }}>{weekConfig.columnLabel}</TableCell>}
            {answerFields.map((field) => (
              <TableCell key={field.name} sx={{ whiteSpace: 'nowrap' }}>
                {field.label || field.name}
              </TableCell>
            ))}
            {sortHeader('createdAt', t('table.createdAt'))}
          </TableRow>
        </TableHead>
        <TableBody>
          {applications.map((application, index) => {
            const name = nameOf(application);
            const isSelected = isAllMatching || selectedIds.has(application.id);
            return (
              <TableRow
                key={application.id}
                ref={(element) => {
                  rowRefs.current[index] = element;
                }}
                hover
                selected={isSelected}
                tabIndex={index === focusedIndex ? 0 : -1}
                aria-label={t('table.open', { name })}
                data-testid="application-row"
                onFocus={(event) => {
                  if (event.target === event.currentTarget && index !== focusedIndex) onFocusedIndexChange(index);
                }}
                onKeyDown={(event) => handleKeyDown(event, index, application)}
                onClick={(event) => {
                  if ((event.target as HTMLElement).closest('input,button,a')) return;
                  onFocusedIndexChange(index);
                  onOpen(application);
                }}
                sx={{
                  cursor: 'pointer',
                  '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: -2 },
                }}
              >
                <TableCell padding="checkbox">
                  <Checkbox
                    checked={isSelected}
                    disabled={isAllMatching}
                    onChange={() => onToggle(application.id)}
                    slotProps={{ input: { 'aria-label': t('table.select', { name }) } }}
                  />
                </TableCell>
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{name}</TableCell>
                <TableCell data-testid="application-email">{application.user.email}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    color={STATUS_COLORS[application.status]}
                    label={t(`status.${application.status}`)}
                  />
                </TableCell>
                <TableCell>{application.group?.name ?? t('filters.noGroup')}</TableCell>
                {weekConfig && <TableCell>{weekLabel(weekConfig, application.week)}</TableCell>}
                {answerFields.map((field) => (
                  <TableCell key={field.name}>{formatAnswer(t, application.answers[field.name], field)}</TableCell>
                ))}
                <TableCell sx={{ whiteSpace: 'nowrap' }}>{formatDate(application.createdAt, i18n.language)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
