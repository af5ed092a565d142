import type { AuditEntryView } from '@funkis/shared';
import type { TFunction } from 'i18next';
import { paths } from '../../../config/paths';
import { ROLE_KEYS } from './role-label';

/**
 * One audit entry said as a sentence (docs/decisions/025): its translation key in the `audit` texts, its values, and
 * where its subject lives when it still exists (null: the subject is written as plain text). A key always exists:
 * an action this screen does not know yet is said with the generic sentence, never as the raw action.
 */
export interface AuditSentence {
  key: string;
  values: Record<string, string | number>;
  link: string | null;
}

const STATUSES = ['pending', 'staged', 'accepted', 'reserve', 'rejected'] as const;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);
const record = (value: unknown): Record<string, unknown> =>
  typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};

/** The shift's day in the event's zone (the scheduling screen's `date`). */
function dayKey(iso: string, timeZone: string | undefined): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    new Date(iso),
  );
}

export function describeAuditEntry(
  entry: AuditEntryView,
  t: TFunction,
  options: { eventId: number; language: string; timeZone?: string },
): AuditSentence {
  const { eventId, language, timeZone } = options;
  const details = entry.details;
  const target = entry.target;
  const exists = target?.exists === true;
  const actor = entry.actor ? `${entry.actor.firstname} ${entry.actor.lastname}` : t('removedAccount', { ns: 'audit' });
  const removed = t('removed', { ns: 'audit' });
  // The subject's name now, else as the entry recorded it, else "(removed)".
  const name =
    target?.name ??
    text(details.name) ??
    text(details.title) ??
    text(details.subject) ??
    text(details.email) ??
    removed;
  const statusText = (value: unknown) =>
    STATUSES.includes(value as (typeof STATUSES)[number]) ? t(`applicationStatus.${value as string}`) : String(value);
  const groupText = (value: unknown) => text(value) ?? removed;
  const person = entry.person?.name ?? removed;
  const shiftStart = target?.startsAt ?? text(details.startsAt);
  const shift = shiftStart
    ? t('shiftAt', {
        ns: 'audit',
        title: name,
        // As the scheduling screen writes a shift's time, in the event's zone.
        when: `${new Intl.DateTimeFormat(language, {
          weekday: 'short',
          day: 'numeric',
          month: 'short',
          timeZone,
        }).format(
          new Date(shiftStart),
        )} ${new Intl.DateTimeFormat(language, { hour: '2-digit', minute: '2-digit', timeZone }).format(new Date(shiftStart))}`,
      })
    : name;

  const linkOf = (): string | null => {
    if (!target || !exists) return null;
    switch (target.kind) {
      case 'application':
        return paths.event.applications.href(eventId, { search: target.name ?? undefined });
      case 'event_user':
      case 'user':
        return `${paths.event.users.href(eventId)}?${new URLSearchParams({ search: target.name ?? '' })}`;
      case 'group':
        return `${paths.event.users.href(eventId)}?groupId=${target.id}`;
      case 'shift':
        return target.startsAt
          ? `${paths.event.scheduling.href(eventId)}?view=timeline&span=day&date=${dayKey(target.startsAt, timeZone)}`
          : paths.event.scheduling.href(eventId);
      case 'file':
        return paths.event.files.href(eventId);
      case 'mail':
        return paths.event.emailFolderItem.href(eventId, 'sent', target.id);
      case 'mail_label':
        return paths.event.emailLabel.href(eventId, target.id);
      default:
        return null;
    }
  };
  const say = (key: string, values: Record<string, string | number> = {}, link = linkOf()): AuditSentence => ({
    key,
    values: { actor, name, ...values },
    link,
  });

  switch (entry.action) {
    case 'applications.updated': {
      const count = entry.count ?? 0;
      const status = details.status;
      const hasGroup = 'groupId' in details;
      const group = groupText(details.groupName);
      const review = paths.event.applications.href(eventId, {
        status: typeof status === 'string' ? status : undefined,
        groupId: typeof details.groupId === 'number' ? String(details.groupId) : undefined,
      });
      const values = { count, status: statusText(status), group };
      if (status === 'accepted')
        return say(hasGroup ? 'applicationsAcceptedInto' : 'applicationsAccepted', values, review);
      if (status === 'rejected') return say('applicationsRejected', values, review);
      if (typeof status === 'string') {
        return say(
          hasGroup && details.groupId !== null ? 'applicationsStatusInto' : 'applicationsStatus',
          values,
          review,
        );
      }
      return say(details.groupId === null ? 'applicationsUngrouped' : 'applicationsMoved', values, review);
    }
    case 'application.status_changed':
      if (details.to === 'accepted') return say('applicationAccepted');
      if (details.to === 'rejected') return say('applicationRejected');
      return say('applicationStatus', { status: statusText(details.to) });
    case 'application.group_changed':
      return details.to === null
        ? say('applicationUngrouped')
        : say('applicationMoved', { group: groupText(details.toName) });
    case 'shift.signed_up':
      return say('shiftSignedUp', { shift });
    case 'shift.signed_off':
      return say('shiftSignedOff', { shift });
    case 'shift.assigned':
      return say('shiftAssigned', { shift, person });
    case 'shift.unassigned':
      return say('shiftUnassigned', { shift, person });
    case 'shift.assignment_moved':
      return say('shiftMoved', { shift, person });
    case 'shift.created':
      return say('shiftCreated', { shift });
    case 'shifts.created':
      return say('shiftsCreated', { shift, count: entry.count ?? 0 });
    case 'shift.updated':
      return say('shiftUpdated', { shift });
    case 'shift.deleted':
      return say('shiftDeleted', { shift });
    case 'shift.duplicated':
      return say('shiftDuplicated', { shift });
    case 'shifts.duplicated': {
      const day = record(details.day);
      const dayText = (value: unknown) =>
        typeof value === 'string'
          ? new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeZone: 'UTC' }).format(new Date(value))
          : removed;
      return say('shiftsDuplicated', { count: entry.count ?? 0, from: dayText(day.from), to: dayText(day.to) }, null);
    }
    case 'shift.attendance_marked':
      return say('shiftAttendance', { shift });
    case 'member.added':
      return say('memberAdded');
    case 'member.role_changed': {
      const role = ROLE_KEYS[details.to as 0 | 1 | 2];
      return role ? say('memberRole', { role: t(role) }) : say('generic');
    }
    case 'member.group_changed': {
      const to = record(details.to);
      return details.to === null ? say('memberUngrouped') : say('memberMoved', { group: groupText(to.name) });
    }
    case 'member.removed':
      return say('memberRemoved');
    case 'member.code_revoked':
      return say('memberCodeRevoked');
    case 'check_in.recorded': {
      const forShift = typeof details.shiftId === 'number';
      const key =
        details.kind === 'leave' ? (forShift ? 'checkOutShift' : 'checkOut') : forShift ? 'checkInShift' : 'checkIn';
      return say(details.applied === false ? `${key}Superseded` : key);
    }
    case 'check_in.undone':
      return say('checkInUndone');
    case 'group.created':
      return say('groupCreated');
    case 'group.updated':
      return say('groupUpdated');
    case 'group.deleted':
      return say('groupDeleted');
    case 'event.created':
      return say('eventCreated');
    case 'event.settings_changed':
      return say('eventSettings');
    case 'event.avatar_changed':
      return say('eventAvatar');
    case 'event.applications_opened':
      return say('applicationsOpened');
    case 'event.applications_closed':
      return say('applicationsClosed');
    case 'file.uploaded':
      return say('fileUploaded');
    case 'file.updated':
      return say('fileUpdated');
    case 'file.deleted':
      return say('fileDeleted');
    case 'mail.sent':
      return say('mailSent', { count: typeof details.receivers === 'number' ? details.receivers : 0 });
    case 'mail.retried':
      return say('mailRetried', { count: typeof details.receivers === 'number' ? details.receivers : 0 });
    case 'mail.label_created':
      return say('mailLabelCreated');
    case 'mail.labels_set':
      return say('mailLabelsSet');
    case 'mail.settings_changed':
      return say('mailSettings');
    case 'form.updated':
      return say('formUpdated');
    case 'form.imported':
      return say('formImported');
    case 'invitation.created':
      return say('invitationCreated');
    case 'invitation.cancelled':
      return say('invitationCancelled');
    case 'invitation.declined':
      return say('invitationDeclined');
    case 'post.created':
      return say('postCreated');
    case 'post.edited':
      return say('postEdited');
    case 'post.deleted':
      return say('postDeleted');
    case 'comment.created':
      return say('commentCreated');
    case 'comment.edited':
      return say('commentEdited');
    case 'comment.deleted':
      return say('commentDeleted');
    case 'link.created':
      return say('linkCreated');
    case 'link.deleted':
      return say('linkDeleted');
    case 'scheduling.settings_changed':
      return say('schedulingSettings');
    case 'calendar_feed.created':
      return say('calendarFeedCreated');
    case 'calendar_feed.revoked':
      return say('calendarFeedRevoked');
    default:
      return target?.name || text(details.name) || text(details.title) ? say('generic') : say('genericNoSubject');
  }
}
