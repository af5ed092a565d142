import type { CalendarFeed } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { EventMembership } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { eventsService } from '../events/service.js';
import { membershipsService } from '../memberships/service.js';
import { toICalendar } from './ical.js';
import { schedulingMails, shiftNotice } from './mails.js';
import { HOUR, type SchedulingContext } from './operations-context.js';
import * as schedulingRepository from './repository.js';

/** Calendars: the event's .ics of the caller's shifts, the secret feed of all their shifts, reminders by mail. */
export function calendarOperations(shared: SchedulingContext) {
  const { context, db, publicUrl, secret, toMailShift, notify, calendarRows } = shared;
  return {
    /** The caller's shifts in the event as an iCalendar document (one VEVENT each, UID stable per shift). */
    async myCalendar(membership: EventMembership, host: string): Promise<string> {
      const events = await eventsService(context).namesAndZones([membership.eventId]);
      const rows = await schedulingRepository.calendarShiftsOfMember(db, membership.eventId, membership.eventUserId);
      return toICalendar(events.get(membership.eventId)?.name ?? '', calendarRows(rows, events), host);
    },
    /** The user's secret feed: when it was made; never the token (only its hash is kept). */
    async calendarFeed(userId: number): Promise<CalendarFeed> {
      const row = await schedulingRepository.calendarToken(db, userId);
      return { createdAt: row?.created_at ?? null, url: null };
    },
    /** A new secret URL for all the user's shifts; the previous one stops working. */
    async renewCalendarFeed(userId: number): Promise<CalendarFeed> {
      const token = randomToken(24);
      const now = nowIso();
      await inTransaction(context, async (tx) => {
        await schedulingRepository.replaceCalendarToken(tx.db, userId, hashToken(token, secret), now);
        await writeAudit(tx.db, {
          eventId: null,
          actorId: userId,
          action: 'calendar_feed.created',
          subject: `user:${userId}`,
        });
      });
      return { createdAt: now, url: `${publicUrl}/api/calendar/${token}.ics` };
    },
    async revokeCalendarFeed(userId: number): Promise<void> {
      await inTransaction(context, async (tx) => {
        if (!(await schedulingRepository.deleteCalendarToken(tx.db, userId))) throw notFound();
        await writeAudit(tx.db, {
          eventId: null,
          actorId: userId,
          action: 'calendar_feed.revoked',
          subject: `user:${userId}`,
        });
      });
    },
    /**
     * Ends the user's secret feed, if any, in the caller's transaction: a password change or reset ends every
     * other way into the account, and the feed's URL is one (it may have leaked with the old password).
     */
    async endCalendarFeed(userId: number, reason: 'password_changed'): Promise<void> {
      if (!(await schedulingRepository.deleteCalendarToken(db, userId))) return;
      await writeAudit(db, {
        eventId: null,
        actorId: userId,
        action: 'calendar_feed.revoked',
        subject: `user:${userId}`,
        details: { reason },
      });
    },
    /** The secret feed's calendar: every shift of the token's user in every event they are a member of. */
    async calendarOfToken(token: string, host: string): Promise<string | null> {
      if (!/^[A-Za-z0-9_-]{16,128}$/.test(token)) return null;
      const userId = await schedulingRepository.userOfCalendarToken(db, hashToken(token, secret));
      if (userId === undefined) return null;
      const memberships = await membershipsService(context).membershipIdsOfUser(userId);
      const rows = await schedulingRepository.calendarShiftsOfMemberships(
        db,
        memberships.map((item) => item.eventUserId),
      );
      const events = await eventsService(context).namesAndZones([...new Set(rows.map((row) => row.event_id))]);
      return toICalendar('Funkis', calendarRows(rows, events), host);
    },
    /**
     * Queues the reminders that are due: each assignment whose shift starts within its event's reminder time and
     * has not been reminded. The mark and the queued mail are one transaction per assignment, and the mark is
     * only set when it was not (`reminded_at is null`), so two workers or a restart never send twice.
     */
    async sendDueReminders(now = new Date()): Promise<number> {
      if (!context.notify) return 0;
      const hoursList = await schedulingRepository.reminderHourValues(db);
      let sent = 0;
      for (const hours of hoursList) {
        const until = new Date(now.getTime() + hours * HOUR).toISOString();
        for (;;) {
          const due = await schedulingRepository.dueReminders(db, now.toISOString(), until, hours, 100);
          if (due.length === 0) break;
          for (const candidate of due) {
            await inTransaction(context, async (tx) => {
              if (!(await schedulingRepository.markReminded(tx.db, candidate.assignment_id, nowIso()))) return;
              const shift = toMailShift(candidate);
              sent += await notify(
                tx,
                candidate.event_id,
                [candidate.event_user_id],
                'shift_reminder',
                (context) => schedulingMails.reminder(shift, context, hours),
                shiftNotice('shiftReminder', 'push.shiftReminder', shift),
              );
            });
          }
          if (due.length < 100) break;
        }
      }
      return sent;
    },
  };
}
