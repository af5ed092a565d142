import type { PlannedPerson, ShiftBlock } from '@funkis/shared';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useGroups } from '../../../api/get-groups';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { errorMessagesOf } from '../../../lib/api-client';
import { useAddAssignment } from '../api/add-assignment';
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
        {without.isError ? <FormErrorList messages={errorMessagesOf(without.error)} /> : null}
        {without.isPending ? <Typography role="status">{t('loading')}</Typography> : null}
        {without.data?.total === 0 ? (
          <Typography color="text.secondary">{t('open.withoutShiftEmpty')}</Typography>
        ) : null}
        <List data-testid="without-shift-list">
          {(without.data?.users ?? []).map((item) => {
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
                sx={{ pr: 12 }}
              >
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
    </Stack>
  );
}
