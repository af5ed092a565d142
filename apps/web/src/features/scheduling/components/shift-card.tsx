import { useDroppable } from '@dnd-kit/core';
import type { Contact, Shift, ShiftAssignee, ShiftOffer } from '@funkis/shared';
import CloseOutlined from '@mui/icons-material/CloseOutlined';
import ContentCopyOutlined from '@mui/icons-material/ContentCopyOutlined';
import DeleteOutlined from '@mui/icons-material/DeleteOutlined';
import EditOutlined from '@mui/icons-material/EditOutlined';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDebouncedValue } from '../../../hooks/use-debounced-value';
import { useAssignableMembers } from '../api/get-members';
import { useWaitlist } from '../api/get-waitlist';
import { useEventZone, useShiftTime } from './event-zone';
import { formatInstant } from './format';

export interface ShiftCardProps {
  eventId: number;
  shift: Shift;
  /** The caller organises this shift (admin, or leader of its group): assign, remove, delete. */
  canOrganise: boolean;
  /** The caller may sign up (volunteer with self sign-up, shift not full and not theirs). */
  canSignUp: boolean;
  canSignOff: boolean;
  /** The caller may wait for a place (volunteer with self sign-up, shift full and not theirs, not started). */
  canWait?: boolean;
  onJoinWaitlist?(): void;
  onLeaveWaitlist?(): void;
  /** The caller's open or pending offer of their place here (decision 033). */
  myOffer?: ShiftOffer | null;
  /** The caller holds a place here, not yet started, not offered: "Offer my place". */
  canOffer?: boolean;
  onOffer?(): void;
  onWithdrawOffer?(): void;
  /** The person's own shift: whom to ask on the day (the group's leaders, else the admins), with their address. */
  contacts?: readonly Contact[];
  busy: boolean;
  onAssign(eventUserId: number): void;
  onRemove(assignmentId: number): void;
  onSignUp(): void;
  onSignOff(): void;
  onDelete(): void;
  /** Controls after each assigned person (move, attendance: assignment-actions.tsx). */
  assignmentActions?(assignment: ShiftAssignee): ReactNode;
  /** Organisers: copy the shift to another time (duplicate-shift-dialog.tsx). */
  onDuplicate?(): void;
  /** Organisers: change the shift (edit-shift-dialog.tsx). */
  onEdit?(): void;
  /** Just signed up here: the sign-off button that replaced "Sign up" takes the focus (then `onFocused`). */
  focusSignOff?: boolean;
  onFocused?(): void;
}

/** A member search that assigns on choice: the keyboard way to assign (drag is the pointer way). */
function AssignSearch({ eventId, shift, onAssign }: Pick<ShiftCardProps, 'eventId' | 'shift' | 'onAssign'>) {
  const { t } = useTranslation('scheduling');
  const [input, setInput] = useState('');
  const [open, setOpen] = useState(false);
  const search = useDebouncedValue(input, 250);
  const members = useAssignableMembers(eventId, search, open);
  const taken = new Set(shift.assignments.map((assignment) => assignment.eventUserId));
  const options = (members.data?.users ?? []).filter((member) => !taken.has(member.id));
  return (
    <Autocomplete
      size="small"
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      options={options}
      loading={members.isFetching}
      filterOptions={(list) => list}
      getOptionLabel={(member) => `${member.firstname} ${member.lastname}`}
      inputValue={input}
      onInputChange={(_, value) => setInput(value)}
      value={null}
      onChange={(_, member) => {
        if (member) {
          onAssign(member.id);
          setInput('');
        }
      }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('assign.search', { title: shift.title })}
          placeholder={t('assign.placeholder')}
        />
      )}
      sx={{ minWidth: 220, flex: 1 }}
    />
  );
}

/** Organisers: how many wait for a place, and on a press who, first first (fetched when opened). */
function WaitlistNames({ eventId, shift }: Pick<ShiftCardProps, 'eventId' | 'shift'>) {
  const { t } = useTranslation('scheduling');
  const [open, setOpen] = useState(false);
  const waitlist = useWaitlist(eventId, shift.id, open);
  const listId = `waitlist-of-${shift.id}`;
  return (
    <Box>
      <Button size="small" aria-expanded={open} aria-controls={listId} onClick={() => setOpen(!open)}>
        {t('waitlist.waiting', { count: shift.waitlist.size })}
      </Button>
      {open ? (
        <Box id={listId} sx={{ mt: 0.5 }}>
          {waitlist.isPending ? (
            <Typography variant="body2" role="status">
              {t('waitlist.loading')}
            </Typography>
          ) : waitlist.isError ? (
            <Typography variant="body2" color="error" role="alert">
              {t('waitlist.loadError')}
            </Typography>
          ) : (
            <Box component="ol" sx={{ m: 0, pl: 3 }} aria-label={t('waitlist.listLabel', { title: shift.title })}>
              {waitlist.data.waitlist.map((entry) => (
                <Typography component="li" variant="body2" key={entry.eventUserId}>
                  <bdi>
                    {entry.firstname} {entry.lastname}
                  </bdi>
                </Typography>
              ))}
            </Box>
          )}
        </Box>
      ) : null}
    </Box>
  );
}

/** The caller's offer of their place: until when, or who waits for approval, and the way to take it back. */
function MyOffer({ offer, busy, onWithdraw }: { offer: ShiftOffer; busy: boolean; onWithdraw?(): void }) {
  const { t, i18n } = useTranslation('scheduling');
  const zone = useEventZone();
  return (
    <>
      <Typography variant="body2" role="status" data-testid="my-offer">
        {offer.status === 'pending' && offer.takenBy
          ? t('offers.myPending', { name: `${offer.takenBy.firstname} ${offer.takenBy.lastname}` })
          : t('offers.offeredUntil', { until: formatInstant(i18n.language, offer.until, zone) })}
      </Typography>
      <Button variant="outlined" size="small" disabled={busy} onClick={onWithdraw}>
        {t('actions.withdrawOffer')}
      </Button>
    </>
  );
}

export function ShiftCard(props: ShiftCardProps) {
  const { t } = useTranslation('scheduling');
  const shiftTime = useShiftTime();
  const { shift, canOrganise } = props;
  const { setNodeRef, isOver } = useDroppable({ id: `shift-${shift.id}`, disabled: !canOrganise });
  const filled = shift.assignments.length;
  const full = filled >= shift.capacity;
  const signOffButton = useRef<HTMLButtonElement>(null);
  const { focusSignOff, onFocused, canSignOff } = props;
  useEffect(() => {
    if (!focusSignOff || !canSignOff || !signOffButton.current) return;
    signOffButton.current.focus();
    onFocused?.();
  }, [focusSignOff, canSignOff, onFocused]);
  return (
    <Card
      ref={setNodeRef}
      variant="outlined"
      data-testid={`shift-${shift.id}`}
      aria-label={shift.title}
      component="section"
      sx={{ borderColor: isOver ? 'primary.main' : undefined, borderWidth: isOver ? 2 : 1 }}
    >
      <CardContent>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start', justifyContent: 'space-between' }}>
          <Box sx={{ minWidth: 0 }}>
            <Typography
              variant="subtitle1"
              component="h3"
              dir="auto"
              sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}
            >
              {shift.title}
            </Typography>
            <Typography variant="body2" color="text.secondary">
              <bdi>{shiftTime(shift.startsAt, shift.endsAt)}</bdi>
              {shift.location ? (
                <>
                  {' · '}
                  <bdi>{shift.location}</bdi>
                </>
              ) : null}
              {shift.group ? (
                <>
                  {' · '}
                  <bdi>{shift.group.name}</bdi>
                </>
              ) : null}
            </Typography>
            {shift.description ? (
              <Typography variant="body2" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', mt: 0.5 }}>
                {shift.description}
              </Typography>
            ) : null}
            {props.contacts?.length ? (
              <Typography variant="body2" sx={{ mt: 0.5, overflowWrap: 'anywhere' }} data-testid="contacts-of-shift">
                {t('myShifts.contacts')}{' '}
                {props.contacts.map((contact, index) => (
                  <span key={contact.id}>
                    {index > 0 ? ', ' : ''}
                    <bdi>
                      {contact.firstname} {contact.lastname}
                    </bdi>{' '}
                    (<Link href={`mailto:${contact.email}`}>{contact.email}</Link>)
                  </span>
                ))}
              </Typography>
            ) : null}
          </Box>
          <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center', flexShrink: 0 }}>
            <Chip
              size="small"
              color={full ? 'success' : 'default'}
              label={t('coverage.filled', { filled, capacity: shift.capacity })}
            />
            {canOrganise && props.onEdit ? (
              <IconButton
                size="small"
                aria-label={t('actions.editShift', { title: shift.title })}
                onClick={props.onEdit}
              >
                <EditOutlined fontSize="small" />
              </IconButton>
            ) : null}
            {canOrganise && props.onDuplicate ? (
              <IconButton
                size="small"
                aria-label={t('actions.duplicateShift', { title: shift.title })}
                onClick={props.onDuplicate}
              >
                <ContentCopyOutlined fontSize="small" />
              </IconButton>
            ) : null}
            {canOrganise ? (
              <IconButton
                size="small"
                aria-label={t('actions.deleteShift', { title: shift.title })}
                onClick={props.onDelete}
              >
                <DeleteOutlined fontSize="small" />
              </IconButton>
            ) : null}
          </Stack>
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {shift.assignments.map((assignment) => {
            const name = `${assignment.firstname} ${assignment.lastname}`;
            return (
              <Stack key={assignment.id} direction="row" sx={{ alignItems: 'center' }}>
                <Chip label={name} size="small" />
                {canOrganise ? (
                  <IconButton
                    size="small"
                    aria-label={t('actions.remove', { name })}
                    onClick={() => props.onRemove(assignment.id)}
                  >
                    <CloseOutlined fontSize="small" />
                  </IconButton>
                ) : null}
                {props.assignmentActions?.(assignment)}
              </Stack>
            );
          })}
        </Stack>
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1.5, alignItems: 'center' }}>
          {canOrganise && !full ? (
            <AssignSearch eventId={props.eventId} shift={shift} onAssign={props.onAssign} />
          ) : null}
          {props.canSignUp ? (
            <Button variant="contained" size="small" disabled={props.busy} onClick={props.onSignUp}>
              {t('actions.signUp')}
            </Button>
          ) : null}
          {props.canSignOff ? (
            <Button ref={signOffButton} variant="outlined" size="small" disabled={props.busy} onClick={props.onSignOff}>
              {t('actions.signOff')}
            </Button>
          ) : null}
          {props.myOffer ? (
            <MyOffer offer={props.myOffer} busy={props.busy} onWithdraw={props.onWithdrawOffer} />
          ) : props.canOffer ? (
            <Button variant="outlined" size="small" disabled={props.busy} onClick={props.onOffer}>
              {t('actions.offerPlace')}
            </Button>
          ) : null}
          {shift.waitlist.myPosition !== null ? (
            <>
              <Typography variant="body2" role="status" data-testid="waitlist-position">
                {t('waitlist.position', { position: shift.waitlist.myPosition })}
              </Typography>
              <Button variant="outlined" size="small" disabled={props.busy} onClick={props.onLeaveWaitlist}>
                {t('actions.leaveWaitlist')}
              </Button>
            </>
          ) : props.canWait ? (
            <Button variant="outlined" size="small" disabled={props.busy} onClick={props.onJoinWaitlist}>
              {t('actions.joinWaitlist')}
            </Button>
          ) : null}
          {shift.waitlist.size > 0 && canOrganise ? (
            <WaitlistNames eventId={props.eventId} shift={shift} />
          ) : shift.waitlist.size > 0 && props.canWait ? (
            <Chip size="small" variant="outlined" label={t('waitlist.waiting', { count: shift.waitlist.size })} />
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
