import {
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useDraggable,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  type Contact,
  type CreateShiftInput,
  canOrganiseShift,
  canSelfSignUp,
  instantOfZonedInput,
  isOrganiser,
  type Member,
  type Shift,
  type ShiftOffer,
} from '@funkis/shared';
import AddOutlined from '@mui/icons-material/AddOutlined';
import CalendarMonthOutlined from '@mui/icons-material/CalendarMonthOutlined';
import EventRepeatOutlined from '@mui/icons-material/EventRepeatOutlined';
import RssFeedOutlined from '@mui/icons-material/RssFeedOutlined';
import TuneOutlined from '@mui/icons-material/TuneOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Pagination from '@mui/material/Pagination';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useContacts } from '../../../api/get-contacts';
import { useGroups } from '../../../api/get-groups';
import { DateField } from '../../../components/forms/date-field';
import { slot, withIsolates } from '../../../components/ui/bidi';
import { FormErrorList } from '../../../components/ui/form-error-list';
import { LoadError } from '../../../components/ui/load-error';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { type ErrorMessage, errorMessagesOf } from '../../../lib/api-client';
import { useAddAssignment } from '../api/add-assignment';
import { useCreateShifts } from '../api/create-shifts';
import { useDeleteShift } from '../api/delete-shift';
import { MEMBERS_PAGE_SIZE, useAssignableMembers } from '../api/get-members';
import { useOffers } from '../api/get-offers';
import { useSchedulingSettings } from '../api/get-settings';
import { NO_SHIFT_FILTERS, type ShiftFilters, useShifts } from '../api/get-shifts';
import { useWithdrawOffer } from '../api/offers';
import { useRemoveAssignment } from '../api/remove-assignment';
import { useJoinWaitlist, useLeaveWaitlist } from '../api/waitlist';
import { AssignmentActions } from './assignment-actions';
import { DuplicateDayDialog } from './duplicate-day-dialog';
import { DuplicateShiftDialog } from './duplicate-shift-dialog';
import { EditShiftDialog } from './edit-shift-dialog';
import { EventZoneProvider } from './event-zone';
import { dayKey, formatDay } from './format';
import { NewShiftsDialog } from './new-shifts-dialog';
import { OfferDialog } from './offer-dialog';
import { OffersSection } from './offers-section';
import { PlanningViews, useSchedulingView, ViewSwitch } from './planning-views';
import { RulesDialog } from './rules-dialog';
import { ShiftCard } from './shift-card';
import { SubscribeDialog } from './subscribe-dialog';
import { ZoneNote } from './zone-note';

export interface SchedulingPageProps {
  eventId: number;
  roleLevel: 0 | 1 | 2;
  eventUserId: number | null;
  groupId: number | null;
  /** The event's IANA time zone: every time on the screen is shown in it. */
  timeZone?: string;
  /** The event's start: where the timeline opens when the event has no shifts yet. */
  eventStartsAt?: string | null;
}

/** A member to drag onto a shift (pointer, or keyboard: space to lift, arrows, space to drop). */
function DraggableMember({ member }: { member: Member }) {
  const { t } = useTranslation('scheduling');
  const { attributes, listeners, setNodeRef, transform, isDragging } = useDraggable({
    id: `member-${member.id}`,
    data: { eventUserId: member.id },
  });
  const name = `${member.firstname} ${member.lastname}`;
  return (
    <Chip
      ref={setNodeRef}
      {...attributes}
      {...listeners}
      aria-label={t('members.drag', { name })}
      data-testid={`member-${member.id}`}
      label={member.group ? `${name} · ${member.group.name}` : name}
      sx={{
        cursor: 'grab',
        touchAction: 'none',
        opacity: isDragging ? 0.6 : 1,
        transform: transform ? `translate3d(${transform.x}px, ${transform.y}px, 0)` : undefined,
        zIndex: isDragging ? 10 : undefined,
      }}
    />
  );
}

function MembersPanel({ eventId }: { eventId: number }) {
  const { t } = useTranslation('scheduling');
  const [input, setInput] = useState('');
  const search = useDebouncedValue(input, 250);
  const [page, setPage] = useState(1);
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new search starts again on its first page
  useEffect(() => setPage(1), [search]);
  const members = useAssignableMembers(eventId, search, true, page);
  const total = members.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / MEMBERS_PAGE_SIZE));
  return (
    <Paper variant="outlined" component="section" aria-labelledby="members-heading" sx={{ p: 2 }}>
      <Typography id="members-heading" variant="h6" component="h2">
        {t('members.title')}
      </Typography>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 1 }}>
        {t('members.help')}
      </Typography>
      <TextField
        size="small"
        fullWidth
        label={t('members.search')}
        value={input}
        onChange={(event) => setInput(event.target.value)}
      />
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5 }}>
        {(members.data?.users ?? []).map((member) => (
          <DraggableMember key={member.id} member={member} />
        ))}
      </Stack>
      {members.data ? (
        <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }} role="status" data-testid="members-shown">
          {t('members.shown', {
            from: total === 0 ? 0 : (page - 1) * MEMBERS_PAGE_SIZE + 1,
            to: Math.min(total, page * MEMBERS_PAGE_SIZE),
            count: total,
          })}
        </Typography>
      ) : null}
      {pages > 1 ? (
        <Pagination
          size="small"
          sx={{ mt: 1 }}
          count={pages}
          page={page}
          onChange={(_, next) => setPage(next)}
          aria-label={t('members.pages')}
          getItemAriaLabel={(type, item, selected) =>
            type === 'page'
              ? t(selected ? 'members.currentPage' : 'members.page', { page: item })
              : t(
                  `members.${type === 'next' ? 'nextPage' : type === 'previous' ? 'previousPage' : type === 'first' ? 'firstPage' : 'lastPage'}`,
                )
          }
        />
      ) : null}
    </Paper>
  );
}

/** Filled and needed places of the shifts listed, per day. */
function Coverage({ shifts, timeZone }: { shifts: Shift[]; timeZone?: string }) {
  const { t, i18n } = useTranslation('scheduling');
  const days = new Map<string, { filled: number; capacity: number }>();
  for (const shift of shifts) {
    const key = dayKey(shift.startsAt, timeZone);
    const day = days.get(key) ?? { filled: 0, capacity: 0 };
    day.filled += Math.min(shift.assignments.length, shift.capacity);
    day.capacity += shift.capacity;
    days.set(key, day);
  }
  if (days.size === 0) return null;
  return (
    <Paper variant="outlined" component="section" aria-labelledby="coverage-heading" sx={{ p: 2 }}>
      <Typography id="coverage-heading" variant="h6" component="h2">
        {t('coverage.title')}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
        {[...days].map(([key, day]) => (
          <Chip
            key={key}
            variant="outlined"
            color={day.filled >= day.capacity ? 'success' : 'default'}
            label={`${formatDay(i18n.language, key)}: ${t('coverage.filled', day)}`}
          />
        ))}
      </Stack>
    </Paper>
  );
}

/**
 * Who signs up for shifts: a volunteer whose group may not sign up is told that organisers assign their shifts
 * (instead of wondering why there is no button); organisers see which groups sign up themselves.
 */
function SelfSignupNote({
  roleLevel,
  groupId,
  selfSignupGroupIds,
  groups,
}: {
  roleLevel: 0 | 1 | 2;
  groupId: number | null;
  selfSignupGroupIds: number[] | undefined;
  groups: { id: number; name: string }[] | undefined;
}) {
  const { t } = useTranslation('scheduling');
  if (!selfSignupGroupIds) return null;
  if (roleLevel === 2) {
    if (groupId !== null && selfSignupGroupIds.includes(groupId)) return null;
    const group = groups?.find((item) => item.id === groupId);
    return (
      <Alert severity="info" data-testid="self-signup-note">
        {group
          ? withIsolates(t('selfSignup.assignedFor', { group: slot('group') }), { group: group.name })
          : t('selfSignup.assigned')}
      </Alert>
    );
  }
  if (!groups) return null;
  const open = groups.filter((group) => selfSignupGroupIds.includes(group.id));
  return (
    <Alert severity="info" data-testid="self-signup-note">
      {open.length === 0 ? (
        t('selfSignup.none')
      ) : (
        <>
          {t('selfSignup.groups', { count: open.length })}{' '}
          {open.map((group, index) => (
            <span key={group.id}>
              {index > 0 ? ', ' : null}
              <bdi>{group.name}</bdi>
            </span>
          ))}
        </>
      )}
    </Alert>
  );
}

/** Whom a volunteer asks about their shift on the day: the leaders of its group, else the event's admins. */
function contactsOf(contacts: readonly Contact[], shift: Shift): Contact[] {
  const leaders = contacts.filter((contact) => contact.roleLevel === 1 && contact.group?.id === shift.group?.id);
  return leaders.length > 0 ? leaders : contacts.filter((contact) => contact.roleLevel === 0);
}

/** /event/{id}/scheduling: my shifts first, then the shifts (list, filters, coverage); organisers plan here. */
export function SchedulingPage(props: SchedulingPageProps) {
  return (
    <EventZoneProvider value={props.timeZone}>
      <SchedulingScreen {...props} />
    </EventZoneProvider>
  );
}

function SchedulingScreen({ eventId, roleLevel, eventUserId, groupId, timeZone, eventStartsAt }: SchedulingPageProps) {
  const { t, i18n } = useTranslation('scheduling');
  const organiser = isOrganiser({ roleLevel, groupId });
  const [day, setDay] = useState('');
  const [filterGroup, setFilterGroup] = useState<'' | number>('');
  const [locationInput, setLocationInput] = useState('');
  const [free, setFree] = useState(false);
  const location = useDebouncedValue(locationInput, 300);
  const filters = useMemo<ShiftFilters>(() => {
    if (!day) return { ...NO_SHIFT_FILTERS, groupId: filterGroup, location, free };
    const [year, month, date] = day.split('-').map(Number);
    // The day of the event's zone (the viewer's without one).
    const next = new Date(Date.UTC(year, month - 1, date + 1)).toISOString().slice(0, 10);
    return {
      from: timeZone ? instantOfZonedInput(day, timeZone).toISOString() : new Date(year, month - 1, date).toISOString(),
      to: timeZone
        ? instantOfZonedInput(next, timeZone).toISOString()
        : new Date(year, month - 1, date + 1).toISOString(),
      groupId: filterGroup,
      location,
      free,
    };
  }, [day, filterGroup, location, free, timeZone]);
  const shifts = useShifts(eventId, filters);
  const mine = useShifts(eventId, NO_SHIFT_FILTERS);
  const contacts = useContacts(eventId);
  const settings = useSchedulingSettings(eventId);
  const groups = useGroups(eventId);
  const createMutation = useCreateShifts(eventId);
  const deleteMutation = useDeleteShift(eventId);
  const assignMutation = useAddAssignment(eventId);
  const removeMutation = useRemoveAssignment(eventId);
  const joinWaitlistMutation = useJoinWaitlist(eventId);
  const leaveWaitlistMutation = useLeaveWaitlist(eventId);
  const offers = useOffers(eventId);
  const withdrawOfferMutation = useWithdrawOffer(eventId);
  const [toOffer, setToOffer] = useState<Shift | null>(null);
  const viewState = useSchedulingView(organiser, eventId, eventStartsAt);
  const [dialogOpen, setDialogOpen] = useState(false);
  const [toDelete, setToDelete] = useState<Shift | null>(null);
  const [toDuplicate, setToDuplicate] = useState<Shift | null>(null);
  const [toEdit, setToEdit] = useState<Shift | null>(null);
  const [duplicateDayOpen, setDuplicateDayOpen] = useState(false);
  const [subscribeOpen, setSubscribeOpen] = useState(false);
  const [rulesOpen, setRulesOpen] = useState(false);
  const [errors, setErrors] = useState<ErrorMessage[]>([]);
  const [notice, setNotice] = useState('');
  // The shift just signed up for: its sign-off button takes the focus the "Sign up" button had.
  const [signedUpShiftId, setSignedUpShiftId] = useState<number | null>(null);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(KeyboardSensor),
  );

  const caller = { roleLevel, groupId };
  const selfSignup = canSelfSignUp(caller, settings.data?.settings.selfSignupGroupIds ?? []);
  const closesHours = settings.data?.settings.signOffClosesHours ?? 0;
  const canOrganise = (shift: Pick<Shift, 'group'>) => canOrganiseShift(caller, shift.group?.id ?? null);

  const run = async (work: () => Promise<unknown>, done: string) => {
    setErrors([]);
    setNotice('');
    try {
      await work();
      // An empty text: the work said it itself (it knew more, e.g. the place in a waitlist).
      if (done) setNotice(done);
    } catch (error) {
      setErrors(errorMessagesOf(error));
    }
  };
  const assign = (shift: Shift, memberId: number) =>
    run(() => assignMutation.mutateAsync({ shiftId: shift.id, eventUserId: memberId }), t('notices.assigned'));

  const onDragEnd = (event: DragEndEvent) => {
    const memberId = event.active.data.current?.eventUserId as number | undefined;
    const shiftId = Number(String(event.over?.id ?? '').replace('shift-', ''));
    const shift = shifts.data?.shifts.find((item) => item.id === shiftId);
    if (memberId && shift) void assign(shift, memberId);
  };

  const createAll = async (list: CreateShiftInput[]) => {
    await createMutation.mutateAsync(list);
    setNotice(t('notices.created', { count: list.length }));
  };

  // The caller's open or pending offer of a place, by shift (decision 033).
  const myOffers = new Map<number, ShiftOffer>();
  for (const offer of offers.data?.offers ?? []) {
    if (offer.offeredBy.eventUserId === eventUserId && (offer.status === 'open' || offer.status === 'pending')) {
      myOffers.set(offer.shiftId, offer);
    }
  }

  const card = (shift: Shift, where: 'list' | 'mine' = 'list') => {
    const myAssignment = shift.assignments.find((assignment) => assignment.eventUserId === eventUserId);
    const myOffer = myOffers.get(shift.id) ?? null;
    // A place given from the waitlist may be given back until the start, whenever sign-off closes.
    const signOffOpen =
      Date.now() < Date.parse(shift.startsAt) - (myAssignment?.fromWaitlist ? 0 : closesHours) * 3_600_000;
    return (
      <ShiftCard
        key={shift.id}
        eventId={eventId}
        shift={shift}
        canOrganise={canOrganise(shift)}
        canSignUp={
          selfSignup &&
          !myAssignment &&
          shift.assignments.length < shift.capacity &&
          Date.parse(shift.startsAt) > Date.now()
        }
        canSignOff={selfSignup && !!myAssignment && signOffOpen}
        canWait={
          selfSignup &&
          !myAssignment &&
          shift.assignments.length >= shift.capacity &&
          Date.parse(shift.startsAt) > Date.now()
        }
        onJoinWaitlist={() =>
          run(async () => {
            const { position } = await joinWaitlistMutation.mutateAsync(shift.id);
            setNotice(t('notices.waitlistJoined', { position }));
          }, '')
        }
        onLeaveWaitlist={() => run(() => leaveWaitlistMutation.mutateAsync(shift.id), t('notices.waitlistLeft'))}
        myOffer={myAssignment ? myOffer : null}
        canOffer={!!myAssignment && !myOffer && offers.isSuccess && Date.parse(shift.startsAt) > Date.now()}
        onOffer={() => setToOffer(shift)}
        onWithdrawOffer={() =>
          myOffer && run(() => withdrawOfferMutation.mutateAsync(myOffer.id), t('notices.offerWithdrawn'))
        }
        contacts={where === 'mine' ? contactsOf(contacts.data?.contacts ?? [], shift) : undefined}
        busy={
          assignMutation.isPending ||
          removeMutation.isPending ||
          joinWaitlistMutation.isPending ||
          leaveWaitlistMutation.isPending ||
          withdrawOfferMutation.isPending
        }
        onAssign={(memberId) => assign(shift, memberId)}
        onRemove={(assignmentId) =>
          run(() => removeMutation.mutateAsync({ shiftId: shift.id, assignmentId }), t('notices.removed'))
        }
        onSignUp={() =>
          eventUserId !== null &&
          run(async () => {
            await assignMutation.mutateAsync({ shiftId: shift.id, eventUserId });
            setSignedUpShiftId(shift.id);
          }, t('notices.signedUp'))
        }
        focusSignOff={where === 'list' && signedUpShiftId === shift.id}
        onFocused={() => setSignedUpShiftId(null)}
        onSignOff={() =>
          myAssignment &&
          run(
            () => removeMutation.mutateAsync({ shiftId: shift.id, assignmentId: myAssignment.id }),
            t('notices.signedOff'),
          )
        }
        onDelete={() => setToDelete(shift)}
        assignmentActions={
          canOrganise(shift)
            ? (assignment) => (
                <AssignmentActions
                  eventId={eventId}
                  shift={shift}
                  assignment={assignment}
                  canOrganise={canOrganise}
                  run={run}
                />
              )
            : undefined
        }
        onDuplicate={() => setToDuplicate(shift)}
        onEdit={() => setToEdit(shift)}
      />
    );
  };

  const myShifts = (mine.data?.shifts ?? []).filter((shift) => shift.mine);
  const listed = shifts.data?.shifts ?? [];
  const byDay = new Map<string, Shift[]>();
  for (const shift of listed) {
    const key = dayKey(shift.startsAt, timeZone);
    byDay.set(key, [...(byDay.get(key) ?? []), shift]);
  }

  return (
    <Stack spacing={3}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', gap: 1 }}>
        <Typography variant="h4" component="h1">
          {t('title')}
        </Typography>
        {organiser ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {roleLevel === 0 && settings.data ? (
              <Button startIcon={<TuneOutlined />} onClick={() => setRulesOpen(true)}>
                {t('actions.rules')}
              </Button>
            ) : null}
            <Button variant="outlined" startIcon={<EventRepeatOutlined />} onClick={() => setDuplicateDayOpen(true)}>
              {t('actions.duplicateDay')}
            </Button>
            <Button variant="contained" startIcon={<AddOutlined />} onClick={() => setDialogOpen(true)}>
              {t('actions.newShifts')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <ZoneNote />
      <SelfSignupNote
        roleLevel={roleLevel}
        groupId={groupId}
        selfSignupGroupIds={settings.data?.settings.selfSignupGroupIds}
        groups={groups.data?.groups}
      />
      <Box aria-live="polite">
        {notice ? <Alert severity="success">{notice}</Alert> : null}
        <FormErrorList messages={errors} />
      </Box>

      <Box component="section" aria-labelledby="my-shifts-heading">
        <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', flexWrap: 'wrap', mb: 1 }}>
          <Typography id="my-shifts-heading" variant="h5" component="h2">
            {t('myShifts.title')}
          </Typography>
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              component="a"
              href={`/api/event/${eventId}/my-shifts.ics`}
              download="my-shifts.ics"
              startIcon={<CalendarMonthOutlined />}
            >
              {t('myShifts.download')}
            </Button>
            <Button startIcon={<RssFeedOutlined />} onClick={() => setSubscribeOpen(true)}>
              {t('myShifts.subscribe')}
            </Button>
          </Stack>
        </Stack>
        {myShifts.length === 0 ? (
          <Typography color="text.secondary">{t('myShifts.empty')}</Typography>
        ) : (
          <Stack spacing={1.5} data-testid="my-shifts">
            {myShifts.map((shift) => card(shift, 'mine'))}
          </Stack>
        )}
      </Box>

      <OffersSection eventId={eventId} eventUserId={eventUserId} organiser={organiser} run={run} onNotice={setNotice} />

      <ViewSwitch view={viewState.view} allowed={viewState.allowed} onChange={viewState.setView} />
      <PlanningViews
        eventId={eventId}
        organiser={organiser}
        admin={roleLevel === 0}
        state={viewState}
        renderShift={card}
        run={run}
      />
      <DndContext sensors={sensors} onDragEnd={onDragEnd}>
        <Stack
          direction={{ xs: 'column', md: 'row' }}
          spacing={2}
          sx={{ alignItems: 'flex-start', display: viewState.view === 'list' ? undefined : 'none' }}
        >
          <Box component="section" aria-labelledby="shifts-heading" sx={{ flex: 1, minWidth: 0, width: '100%' }}>
            <Typography id="shifts-heading" variant="h5" component="h2" sx={{ mb: 1 }}>
              {organiser ? t('list.title') : t('list.titleVolunteer')}
            </Typography>
            <Stack direction="row" spacing={1.5} useFlexGap sx={{ flexWrap: 'wrap', mb: 2 }}>
              <DateField size="small" label={t('filters.day')} value={day} onChange={setDay} sx={{ width: 190 }} />
              <TextField
                size="small"
                select
                label={t('filters.group')}
                value={filterGroup}
                onChange={(event) => setFilterGroup(event.target.value === '' ? '' : Number(event.target.value))}
                sx={{ minWidth: 160 }}
              >
                <MenuItem value="">{t('filters.allGroups')}</MenuItem>
                {(groups.data?.groups ?? []).map((group) => (
                  <MenuItem key={group.id} value={group.id}>
                    {group.name}
                  </MenuItem>
                ))}
              </TextField>
              <TextField
                size="small"
                label={t('filters.location')}
                value={locationInput}
                onChange={(event) => setLocationInput(event.target.value)}
              />
              <FormControlLabel
                control={<Checkbox checked={free} onChange={(event) => setFree(event.target.checked)} />}
                label={t('filters.free')}
              />
            </Stack>
            {shifts.isError ? <LoadError error={shifts.error} onRetry={() => void shifts.refetch()} /> : null}
            {organiser ? <Coverage shifts={listed} timeZone={timeZone} /> : null}
            {listed.length === 0 && shifts.isSuccess && !shifts.isError ? (
              <Typography color="text.secondary" sx={{ mt: 2 }}>
                {t('list.empty')}
              </Typography>
            ) : null}
            {[...byDay].map(([key, list]) => (
              <Box key={key} sx={{ mt: 2 }}>
                <Typography variant="h6" component="h3" sx={{ mb: 1 }}>
                  {formatDay(i18n.language, key)}
                </Typography>
                <Stack spacing={1.5}>{list.map((shift) => card(shift))}</Stack>
              </Box>
            ))}
          </Box>
          {organiser ? (
            <Box sx={{ width: { xs: '100%', md: 320 }, position: { md: 'sticky' }, top: { md: 16 } }}>
              <MembersPanel eventId={eventId} />
            </Box>
          ) : null}
        </Stack>
      </DndContext>

      {organiser && dialogOpen ? (
        <NewShiftsDialog
          open
          groups={groups.data?.groups ?? []}
          fixedGroupId={roleLevel === 1 ? groupId : null}
          onClose={() => setDialogOpen(false)}
          onCreate={createAll}
        />
      ) : null}
      {toDuplicate ? (
        <DuplicateShiftDialog
          eventId={eventId}
          shift={toDuplicate}
          onClose={() => setToDuplicate(null)}
          onDone={setNotice}
        />
      ) : null}
      {toEdit ? (
        <EditShiftDialog
          eventId={eventId}
          shift={toEdit}
          groups={groups.data?.groups ?? []}
          fixedGroupId={roleLevel === 1 ? groupId : null}
          onClose={() => setToEdit(null)}
          onDone={setNotice}
        />
      ) : null}
      {duplicateDayOpen ? (
        <DuplicateDayDialog
          eventId={eventId}
          initialFrom={day}
          onClose={() => setDuplicateDayOpen(false)}
          onDone={setNotice}
        />
      ) : null}
      {rulesOpen && settings.data ? (
        <RulesDialog
          eventId={eventId}
          settings={settings.data.settings}
          groups={groups.data?.groups ?? []}
          onClose={() => setRulesOpen(false)}
          onDone={setNotice}
        />
      ) : null}
      {toOffer ? (
        <OfferDialog eventId={eventId} shift={toOffer} onClose={() => setToOffer(null)} onDone={setNotice} />
      ) : null}
      {subscribeOpen ? <SubscribeDialog onClose={() => setSubscribeOpen(false)} /> : null}
      <Dialog open={toDelete !== null} onClose={() => setToDelete(null)} aria-labelledby="delete-shift-title">
        <DialogTitle id="delete-shift-title">{t('delete.title', { title: toDelete?.title ?? '' })}</DialogTitle>
        <DialogContent>
          <DialogContentText>
            {toDelete && toDelete.assignments.length > 0
              ? t('delete.withPeople', {
                  names: toDelete.assignments.map((item) => `${item.firstname} ${item.lastname}`).join(', '),
                })
              : t('delete.empty')}
          </DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setToDelete(null)}>{t('actions.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            onClick={() => {
              const shift = toDelete;
              setToDelete(null);
              if (shift) void run(() => deleteMutation.mutateAsync(shift.id), t('notices.deleted'));
            }}
          >
            {t('actions.delete')}
          </Button>
        </DialogActions>
      </Dialog>
    </Stack>
  );
}
