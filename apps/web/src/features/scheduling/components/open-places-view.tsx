import type { PlannedPerson, ShiftBlock } from '@funkis/shared';
import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemIcon from '@mui/material/ListItemIcon';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useGroups } from '../../../api/get-groups';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { paths } from '../../../config/paths';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useTranslateMessage } from '../../../hooks/use-translate-message';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAddAssignment } from '../api/add-assignment';
import { type WithoutShiftExport, withoutShiftExportHref } from '../api/export-without-shift';
import { PLANNING_PAGE_SIZE, useNotFullShifts, useWithoutShift } from '../api/get-open-places';
import { useEventZone } from './event-zone';
import { formatShiftTime } from './format';

export interface OpenPlacesViewProps {
  eventId: number;
  /** Admins filter the "no shift" list by group (a leader's list is their own group already). */
  admin?: boolean;
  onOpen(block: ShiftBlock): void;
  run(work: () => Promise<unknown>, done: string): Promise<void>;
}

const blockLabel = (language: string, block: ShiftBlock, zone: string | undefined) =>
  `${block.title} · ${formatShiftTime(language, block.startsAt, block.endsAt, zone)}${block.location ? ` · ${block.location}` : ''}`;

/** Assigns one person to a shift with places free: the same assignment call as the list view's search and drag. */
function AssignPersonDialog({
  eventId,
  person,
  onClose,
  run,
}: {
  eventId: number;
  person: PlannedPerson;
  onClose(): void;
  run: OpenPlacesViewProps['run'];
}) {
  const { t, i18n } = useTranslation('planning');
  const zone = useEventZone();
  const notFull = useNotFullShifts(eventId, 1, 100);
  const assignMutation = useAddAssignment(eventId);
  const [choice, setChoice] = useState<ShiftBlock | null>(null);
  const name = `${person.firstname} ${person.lastname}`;
  const options = (notFull.data?.shifts ?? []).filter(
    (block) => block.group === null || person.group === null || block.group.id === person.group.id,
  );
  return (
    <Dialog open onClose={onClose} aria-labelledby="assign-person-title" fullWidth maxWidth="sm">
      <DialogTitle id="assign-person-title">{t('open.assignTitle', { name })}</DialogTitle>
      <DialogContent>
        <Autocomplete
          sx={{ mt: 1 }}
          options={options}
          loading={notFull.isFetching}
          value={choice}
          onChange={(_, value) => setChoice(value)}
          getOptionLabel={(block) => `${blockLabel(i18n.language, block, zone)} (${block.filled}/${block.capacity})`}
          renderInput={(params) => <TextField {...params} label={t('open.chooseShift')} />}
        />
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('open.cancel')}</Button>
        <Button
          variant="contained"
          disabled={!choice}
          onClick={() => {
            if (!choice) return;
            onClose();
            void run(
              () => assignMutation.mutateAsync({ shiftId: choice.id, eventUserId: person.eventUserId }),
              t('move.done', { title: choice.title }),
            );
          }}
        >
          {t('open.assign')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

interface Refusal {
  person: PlannedPerson;
  reason: string;
}

/**
 * Assigns the chosen people to one shift through the same assignment call, one after the other, and says who was
 * placed and who was refused with the server's reason (overlap, full, rest time…): a refusal stops nobody else.
 */
function AssignManyDialog({
  eventId,
  people: chosen,
  onClose,
  onAssigned,
}: {
  eventId: number;
  people: PlannedPerson[];
  onClose(): void;
  /** The people placed (they leave the list and the selection). */
  onAssigned(eventUserIds: number[]): void;
}) {
  const { t, i18n } = useTranslation('planning');
  const translate = useTranslateMessage();
  const zone = useEventZone();
  const notFull = useNotFullShifts(eventId, 1, 100);
  const assignMutation = useAddAssignment(eventId);
  // The people as chosen when the dialog opened: those placed leave the selection while it shows the outcome.
  const [people] = useState(chosen);
  const [choice, setChoice] = useState<ShiftBlock | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [outcome, setOutcome] = useState<{ title: string; assigned: number; refusals: Refusal[] } | null>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (outcome) outcomeRef.current?.focus();
  }, [outcome]);
  const assign = async () => {
    if (!choice) return;
    const refusals: Refusal[] = [];
    const placed: number[] = [];
    for (const [index, person] of people.entries()) {
      setProgress(index);
      try {
        await assignMutation.mutateAsync({ shiftId: choice.id, eventUserId: person.eventUserId });
        placed.push(person.eventUserId);
      } catch (error) {
        refusals.push({ person, reason: errorMessagesOf(error).map(translate).join(' ') });
      }
    }
    setProgress(null);
    setOutcome({ title: choice.title, assigned: placed.length, refusals });
    onAssigned(placed);
  };
  const isAssigning = progress !== null;
  return (
    <Dialog
      open
      onClose={isAssigning ? undefined : onClose}
      aria-labelledby="assign-many-title"
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id="assign-many-title">{t('open.assignManyTitle', { count: people.length })}</DialogTitle>
      <DialogContent>
        {outcome ? (
          <Box ref={outcomeRef} tabIndex={-1} role="status" data-testid="assign-many-outcome">
            <Alert severity={outcome.refusals.length === 0 ? 'success' : outcome.assigned > 0 ? 'warning' : 'error'}>
              {t('open.assignedCount', { count: outcome.assigned, title: outcome.title })}
              {outcome.refusals.length > 0 ? ` ${t('open.refusedHeading', { count: outcome.refusals.length })}` : ''}
            </Alert>
            {outcome.refusals.length > 0 ? (
              <List dense data-testid="assign-many-refusals">
                {outcome.refusals.map(({ person, reason }) => (
                  <ListItem key={person.eventUserId} disableGutters>
                    <ListItemText
                      primary={t('open.refused', { name: `${person.firstname} ${person.lastname}`, reason })}
                    />
                  </ListItem>
                ))}
              </List>
            ) : null}
          </Box>
        ) : (
          <>
            <Autocomplete
              sx={{ mt: 1 }}
              options={notFull.data?.shifts ?? []}
              loading={notFull.isFetching}
              value={choice}
              onChange={(_, value) => setChoice(value)}
              disabled={isAssigning}
              getOptionLabel={(block) =>
                `${blockLabel(i18n.language, block, zone)} (${block.filled}/${block.capacity})`
              }
              renderInput={(params) => <TextField {...params} label={t('open.chooseShift')} />}
            />
            {isAssigning ? (
              <Typography role="status" sx={{ mt: 2 }}>
                {t('open.assigning', { done: progress, count: people.length })}
              </Typography>
            ) : null}
          </>
        )}
      </DialogContent>
      <DialogActions>
        {outcome ? (
          <Button onClick={onClose}>{t('open.close')}</Button>
        ) : (
          <>
            <Button onClick={onClose} disabled={isAssigning}>
              {t('open.cancel')}
            </Button>
            <Button variant="contained" disabled={!choice} loading={isAssigning} onClick={() => void assign()}>
              {t('open.assign')}
            </Button>
          </>
        )}
      </DialogActions>
    </Dialog>
  );
}

const EXPORTS: WithoutShiftExport[] = ['csv', 'csvSemicolon', 'xlsx'];

/** "Shifts not full" and "volunteers with no shift", side by side; from either an organiser assigns. */
export function OpenPlacesView({ eventId, admin = false, onOpen, run }: OpenPlacesViewProps) {
  const { t, i18n } = useTranslation('planning');
  const zone = useEventZone();
  const [shiftPage, setShiftPage] = useState(1);
  const [peoplePage, setPeoplePage] = useState(1);
  const notFull = useNotFullShifts(eventId, shiftPage);
  const groups = useGroups(eventId, { enabled: admin }).data?.groups ?? [];
  const [searchInput, setSearchInput] = useState('');
  const search = useDebouncedValue(searchInput, 300);
  const [groupId, setGroupId] = useState<'' | number>('');
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search or group starts again on page 1
  useEffect(() => setPeoplePage(1), [search, groupId]);
  const without = useWithoutShift(eventId, peoplePage, { search, groupId });
  const [person, setPerson] = useState<PlannedPerson | null>(null);
  // The chosen people, kept across pages and filters (by membership), for "e-mail these people" and "assign".
  const [selected, setSelected] = useState<Map<number, PlannedPerson>>(new Map());
  const [isAssigningMany, setIsAssigningMany] = useState(false);
  const navigate = useNavigate();
  const pageUsers = without.data?.users ?? [];
  const toggle = (item: PlannedPerson) =>
    setSelected((current) => {
      const next = new Map(current);
      if (next.has(item.eventUserId)) next.delete(item.eventUserId);
      else next.set(item.eventUserId, item);
      return next;
    });
  const isPageSelected = pageUsers.length > 0 && pageUsers.every((item) => selected.has(item.eventUserId));
  const togglePage = (checked: boolean) =>
    setSelected((current) => {
      const next = new Map(current);
      for (const item of pageUsers) {
        if (checked) next.set(item.eventUserId, item);
        else next.delete(item.eventUserId);
      }
      return next;
    });
  const mailSelected = () =>
    navigate(paths.event.emailNew.href(eventId), {
      state: {
        receivers: [...selected.values()].map((item) => ({
          userId: item.userId,
          name: `${item.firstname} ${item.lastname}`,
          email: item.email,
        })),
      },
    });
  const pages = (total: number) => Math.max(1, Math.ceil(total / PLANNING_PAGE_SIZE));
  const pageLabel = (type: string, page: number | null, selected: boolean) => {
    if (type === 'page') return selected ? t('pagination.current', { page }) : t('pagination.page', { page });
    return t(`pagination.${type}`);
  };

  return (
    <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="not-full-heading"
        sx={{ p: 2, flex: 1, width: '100%', minWidth: 0 }}
      >
        <Typography id="not-full-heading" variant="h5" component="h2">
          {t('open.notFull')}
        </Typography>
        {notFull.data ? (
          <Typography variant="body2" color="text.secondary">
            {t('open.total', { count: notFull.data.total })}
          </Typography>
        ) : null}
        {notFull.isError ? <FormErrorList messages={errorMessagesOf(notFull.error)} /> : null}
        {notFull.isPending ? <Typography role="status">{t('loading')}</Typography> : null}
        {notFull.data?.total === 0 ? <Typography color="text.secondary">{t('open.notFullEmpty')}</Typography> : null}
        <List data-testid="not-full-list">
          {(notFull.data?.shifts ?? []).map((block) => (
            <ListItem
              key={block.id}
              divider
              secondaryAction={
                <Button
                  size="small"
                  onClick={() => onOpen(block)}
                  aria-label={t('open.openShift', { title: block.title })}
                >
                  {t('open.assign')}
                </Button>
              }
              sx={{ pr: 12 }}
            >
              <ListItemText
                primary={block.title}
                secondary={`${formatShiftTime(i18n.language, block.startsAt, block.endsAt, zone)}${
                  block.location ? ` · ${block.location}` : ''
                }${block.group ? ` · ${block.group.name}` : ''}`}
              />
              <Chip size="small" label={t('open.places', block)} sx={{ ml: 1 }} />
            </ListItem>
          ))}
        </List>
        {notFull.data && notFull.data.total > PLANNING_PAGE_SIZE ? (
          <Pagination
            count={pages(notFull.data.total)}
            page={shiftPage}
            onChange={(_, page) => setShiftPage(page)}
            getItemAriaLabel={pageLabel}
          />
        ) : null}
      </Paper>
      <Paper
        variant="outlined"
        component="section"
        aria-labelledby="without-shift-heading"
        sx={{ p: 2, flex: 1, width: '100%', minWidth: 0 }}
      >
        <Typography id="without-shift-heading" variant="h5" component="h2">
          {t('open.withoutShift')}
        </Typography>
        {without.data ? (
          <Typography variant="body2" color="text.secondary">
            {t('open.total', { count: without.data.total })}
          </Typography>
        ) : null}
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ my: 1.5 }}>
          <TextField
            size="small"
            type="search"
            label={t('open.search')}
            value={searchInput}
            onChange={(event) => setSearchInput(event.target.value)}
            sx={{ flex: 1 }}
          />
          {admin && groups.length > 0 ? (
            <TextField
              size="small"
              select
              label={t('open.group')}
              value={groupId}
              onChange={(event) => setGroupId(event.target.value === '' ? '' : Number(event.target.value))}
              sx={{ minWidth: 160 }}
            >
              <MenuItem value="">{t('open.allGroups')}</MenuItem>
              {groups.map((group) => (
                <MenuItem key={group.id} value={group.id}>
                  {group.name}
                </MenuItem>
              ))}
            </TextField>
          ) : null}
        </Stack>
        <Stack direction="row" useFlexGap sx={{ flexWrap: 'wrap', gap: 1, mb: 1 }}>
          {EXPORTS.map((format) => (
            <Button
              key={format}
              size="small"
              component="a"
              href={withoutShiftExportHref(eventId, { search, groupId }, format)}
              download
            >
              {t(`open.export.${format}`)}
            </Button>
          ))}
        </Stack>
        {selected.size > 0 ? (
          <Stack
            direction="row"
            useFlexGap
            sx={{ flexWrap: 'wrap', gap: 1, alignItems: 'center', mb: 1 }}
            role="region"
            aria-label={t('open.selected', { count: selected.size })}
          >
            <Typography data-testid="without-shift-selected">{t('open.selected', { count: selected.size })}</Typography>
            <Button size="small" variant="contained" onClick={mailSelected}>
              {t('open.mailSelected')}
            </Button>
            <Button size="small" variant="outlined" onClick={() => setIsAssigningMany(true)}>
              {t('open.assignSelected')}
            </Button>
            <Button size="small" onClick={() => setSelected(new Map())}>
              {t('open.clearSelection')}
            </Button>
          </Stack>
        ) : null}
        {without.isError ? <FormErrorList messages={errorMessagesOf(without.error)} /> : null}
        {without.isPending ? <Typography role="status">{t('loading')}</Typography> : null}
        {without.data?.total === 0 ? (
          <Typography color="text.secondary">{t('open.withoutShiftEmpty')}</Typography>
        ) : null}
        {pageUsers.length > 0 ? (
          <Box sx={{ pl: 0.5 }}>
            <Checkbox
              checked={isPageSelected}
              indeterminate={!isPageSelected && pageUsers.some((item) => selected.has(item.eventUserId))}
              onChange={(event) => togglePage(event.target.checked)}
              slotProps={{ input: { 'aria-label': t('open.selectPage') } }}
            />
          </Box>
        ) : null}
        <List data-testid="without-shift-list">
          {pageUsers.map((item) => {
            const name = `${item.firstname} ${item.lastname}`;
            return (
              <ListItem
                key={item.eventUserId}
                divider
                secondaryAction={
                  <Button size="small" onClick={() => setPerson(item)} aria-label={t('open.assignPerson', { name })}>
                    {t('open.assign')}
                  </Button>
                }
                sx={{ pr: 12, pl: 0.5 }}
              >
                <ListItemIcon sx={{ minWidth: 0, mr: 1 }}>
                  <Checkbox
                    edge="start"
                    checked={selected.has(item.eventUserId)}
                    onChange={() => toggle(item)}
                    slotProps={{ input: { 'aria-label': t('open.select', { name }) } }}
                  />
                </ListItemIcon>
                <ListItemText
                  primary={name}
                  secondary={`${item.email} · ${item.group?.name ?? t('open.noGroup')}`}
                  slotProps={{ secondary: { sx: { overflowWrap: 'anywhere' } } }}
                />
              </ListItem>
            );
          })}
        </List>
        {without.data && without.data.total > PLANNING_PAGE_SIZE ? (
          <Box>
            <Pagination
              count={pages(without.data.total)}
              page={peoplePage}
              onChange={(_, page) => setPeoplePage(page)}
              getItemAriaLabel={pageLabel}
            />
          </Box>
        ) : null}
      </Paper>
      {person ? (
        <AssignPersonDialog eventId={eventId} person={person} onClose={() => setPerson(null)} run={run} />
      ) : null}
      {isAssigningMany ? (
        <AssignManyDialog
          eventId={eventId}
          people={[...selected.values()]}
          onClose={() => setIsAssigningMany(false)}
          onAssigned={(placed) =>
            setSelected((current) => {
              const next = new Map(current);
              for (const id of placed) next.delete(id);
              return next;
            })
          }
        />
      ) : null}
    </Stack>
  );
}
