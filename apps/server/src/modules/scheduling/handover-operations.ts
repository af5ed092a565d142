import {
  type CreateOfferInput,
  isAdmin,
  type OfferStatus,
  type ShiftAssignment,
  type ShiftOffer,
} from '@funkis/shared';
import type { Db } from '../../db/types.js';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction, type ServerContext } from '../../lib/context.js';
import { conflict, fieldError, forbidden, notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation } from '../../lib/transaction.js';
import { membershipsService } from '../memberships/service.js';
import type { OfferRow } from './handover-repository.js';
import * as handoverRepository from './handover-repository.js';
import { schedulingMails, shiftNotice } from './mails.js';
import { type SchedulingContext, toAssignment, utc } from './operations-context.js';
import type { ShiftRow } from './repository.js';
import * as schedulingRepository from './repository.js';
import { checkHeldShifts, requireOrganiserOf, spanClash } from './rules.js';
import { shiftSummaryOf } from './shift-rows.js';

/** Admins and leaders told of a hand-over waiting for approval, at most. */
const APPROVERS_MAXIMUM = 50;

/** Why an offer can no longer be taken, approved or withdrawn: the 409 its status answers. */
function closedOffer(row: OfferRow, now: number) {
  if (row.status === 'taken') return conflict('error.offerTaken');
  if (row.status === 'withdrawn') return conflict('error.offerWithdrawn');
  if (row.status === 'pending') return conflict('error.offerPending');
  if (Date.parse(row.until) <= now) return conflict('error.offerExpired');
  return null;
}

/** An open offer past its deadline or its shift's start is expired; nothing needs to write that down. */
const statusOf = (row: OfferRow, now: number): OfferStatus =>
  row.status === 'open' && (Date.parse(row.until) <= now || Date.parse(row.starts_at) <= now)
    ? 'expired'
    : (row.status as OfferStatus);

/**
 * Hand-over (decision 033): a volunteer offers their place until a deadline and keeps it until someone
 * takes it; a free, rested volunteer of the shift's group takes it, or asks to when the event wants a leader's
 * approval. Every decision holds the shift's row lock, then the offer's, then the taker's membership, so an offer
 * goes to exactly one person and the shift never holds more than its places.
 */
export function handoverOperations(shared: SchedulingContext) {
  const { context, db, toMailShift, notify, lockShiftOr404 } = shared;

  async function toOffers(source: ServerContext, eventId: number, rows: OfferRow[]): Promise<ShiftOffer[]> {
    const people = await membershipsService(source).findMembers(eventId, [
      ...rows.map((row) => row.offered_by),
      ...rows.flatMap((row) => (row.taken_by === null ? [] : [row.taken_by])),
    ]);
    const byId = new Map(people.map((person) => [person.id, person]));
    const person = (eventUserId: number) => ({
      eventUserId,
      firstname: byId.get(eventUserId)?.firstname ?? '',
      lastname: byId.get(eventUserId)?.lastname ?? '',
    });
    const now = Date.now();
    return rows.map((row) => ({
      id: row.id,
      shiftId: row.shift_id,
      shift: shiftSummaryOf(row),
      offeredBy: person(row.offered_by),
      until: row.until,
      status: statusOf(row, now),
      takenBy: row.taken_by === null ? null : person(row.taken_by),
      createdAt: row.created_at,
    }));
  }

  const offerOr404 = async (source: ServerContext, eventId: number, offerId: number) => {
    const [offer] = await toOffers(source, eventId, [await findOr404(source.db, eventId, offerId)]);
    return offer;
  };

  const findOr404 = async (source: Db, eventId: number, offerId: number) => {
    const row = await handoverRepository.findOffer(source, eventId, offerId);
    if (!row) throw notFound('error.offerNotFound');
    return row;
  };

  /** The shift's lock, then the offer's: the order every decision on an offer keeps. */
  async function lockShiftAndOffer(trx: Db, eventId: number, offerId: number) {
    const first = await findOr404(trx, eventId, offerId);
    const shift = await lockShiftOr404(trx, eventId, first.shift_id);
    const offer = await handoverRepository.lockOffer(trx, eventId, offerId);
    if (!offer) throw notFound('error.offerNotFound');
    return { shift, offer };
  }

  /**
   * The rules for the person taking the place, under their membership's lock: a volunteer of the shift's group
   * (or any, for a shift without one), not on it already, no overlap, enough rest: the sign-up's 409 codes.
   */
  async function checkTaker(tx: ServerContext, shift: ShiftRow, eventUserId: number) {
    const member = await membershipsService(tx).lockMember(shift.event_id, eventUserId);
    if (!member) throw conflict('error.offerWithdrawn');
    if (shift.group_id !== null && shift.group_id !== (member.group?.id ?? null)) {
      throw conflict('error.shiftOtherGroup');
    }
    const settings = await schedulingRepository.settings(tx.db, shift.event_id);
    const held = await schedulingRepository.shiftsOfMember(tx.db, shift.event_id, eventUserId);
    // The sign-up's checks; the place is the offerer's, so the shift being full never refuses the taker.
    await checkHeldShifts(shift, held, settings, async () => false);
    return { member, settings };
  }

  /**
   * What a hand-over's notices show: the shift, and the names of the people it concerns (one read for all of
   * them; an unknown id gives an empty name).
   */
  async function noticeOf(tx: ServerContext, eventId: number, shift: ShiftRow, eventUserIds: number[]) {
    const people = await membershipsService(tx).findMembers(eventId, eventUserIds);
    const names = new Map(people.map((person) => [person.id, `${person.firstname} ${person.lastname}`.trim()]));
    return { mailShift: toMailShift(shift), nameOf: (eventUserId: number) => names.get(eventUserId) ?? '' };
  }

  /** The place moves from the one who offered to the taker in the caller's transaction; both are told. */
  async function handOver(
    tx: ServerContext,
    caller: Caller,
    shift: ShiftRow,
    offer: OfferRow,
    takerId: number,
  ): Promise<ShiftAssignment> {
    const now = nowIso();
    const place = await schedulingRepository.findPlace(tx.db, shift.id, offer.offered_by);
    if (!place) {
      // Gone another way meanwhile (sign-off and removal close the offer, so this is only a safety net).
      await handoverRepository.setStatus(tx.db, offer.id, 'withdrawn', null, now);
      throw conflict('error.offerWithdrawn');
    }
    await schedulingRepository.deleteAssignment(tx.db, shift.id, place.id);
    const row = await schedulingRepository.insertAssignmentIfRoom(tx.db, shift.id, takerId, shift.capacity, now);
    if (!row) throw conflict('error.shiftFull', { capacity: shift.capacity });
    await handoverRepository.setStatus(tx.db, offer.id, 'taken', takerId, now);
    await writeAudit(tx.db, {
      eventId: caller.eventId,
      actorId: caller.userId,
      action: 'shift.handover',
      subject: `shift:${shift.id}`,
      details: {
        offerId: offer.id,
        from: offer.offered_by,
        to: takerId,
        assignmentId: row.id,
        title: shift.title,
        ...(takerId === caller.eventUserId ? {} : { approved: true }),
      },
    });
    const { mailShift, nameOf } = await noticeOf(tx, caller.eventId, shift, [offer.offered_by, takerId]);
    const fromName = nameOf(offer.offered_by);
    const toName = nameOf(takerId);
    await notify(
      tx,
      caller.eventId,
      [takerId],
      'shift_handover',
      (context) => schedulingMails.handoverTaken(mailShift, context, fromName),
      shiftNotice('shiftChange', 'push.handoverTaken', mailShift),
    );
    await notify(
      tx,
      caller.eventId,
      [offer.offered_by],
      'shift_handover',
      (context) => schedulingMails.handoverGiven(mailShift, context, toName),
      shiftNotice('shiftChange', 'push.handoverGiven', mailShift),
    );
    return toAssignment(row);
  }

  /** The event's admins and the leaders of the shift's group: who may approve a hand-over. */
  async function approversOf(tx: ServerContext, eventId: number, groupId: number | null): Promise<number[]> {
    const members = membershipsService(tx);
    const admins = await members.listMembers(eventId, { scope: { kind: 'all' }, roleLevel: 0 }, APPROVERS_MAXIMUM, 0);
    const leaders =
      groupId === null
        ? []
        : await members.listMembers(eventId, { scope: { kind: 'group', groupId }, roleLevel: 1 }, APPROVERS_MAXIMUM, 0);
    return [...admins, ...leaders].map((member) => member.id);
  }

  return {
    /**
     * Offers the caller's place on the shift to the rest of its group until `until` (after now, not after the
     * start; the start when not given). Allowed also once sign-off has closed: that is its point. One open offer
     * per place; a shift that has started: 409.
     */
    async offerPlace(caller: Caller, shiftId: number, input: CreateOfferInput): Promise<ShiftOffer> {
      try {
        const offerId = await inTransaction(context, async (tx) => {
          const shift = await lockShiftOr404(tx.db, caller.eventId, shiftId);
          const place = await schedulingRepository.findPlace(tx.db, shift.id, caller.eventUserId);
          if (!place) throw forbidden('error.offerNotHolder');
          const now = Date.now();
          if (Date.parse(shift.starts_at) <= now) throw conflict('error.shiftStarted');
          const until = input.until === undefined ? shift.starts_at : utc(input.until);
          if (Date.parse(until) <= now || Date.parse(until) > Date.parse(shift.starts_at)) {
            throw fieldError('until', 'error.offerUntilInvalid');
          }
          const live = await handoverRepository.liveOfferOfPlace(tx.db, shift.id, caller.eventUserId);
          if (live && !(live.status === 'open' && Date.parse(live.until) <= now)) throw conflict('error.offerExists');
          // An earlier offer that ran out makes way for the new one, and says so.
          if (live) await handoverRepository.setStatus(tx.db, live.id, 'expired', null, nowIso());
          const { id } = await handoverRepository.insertOffer(
            tx.db,
            caller.eventId,
            shift.id,
            caller.eventUserId,
            until,
            nowIso(),
          );
          await writeAudit(tx.db, {
            eventId: caller.eventId,
            actorId: caller.userId,
            action: 'shift.offered',
            subject: `shift:${shift.id}`,
            details: { offerId: id, eventUserId: caller.eventUserId, until, title: shift.title },
          });
          return id;
        });
        return offerOr404(context, caller.eventId, offerId);
      } catch (error) {
        if (isUniqueViolation(error)) throw conflict('error.offerExists');
        throw error;
      }
    },

    /**
     * Organisers: every offer of shifts not yet ended (admins all; a leader their group's). Others: the open
     * offers they may take (their group's shifts or ones without a group, not theirs, not shifts they hold, where
     * they are free and rested), and their own offers and requests.
     */
    async offers(caller: Caller): Promise<ShiftOffer[]> {
      const now = nowIso();
      const own = await handoverRepository.offersOfPerson(db, caller.eventId, caller.eventUserId, now);
      let visible: OfferRow[];
      if (isAdmin(caller) || (caller.roleLevel === 1 && caller.groupId !== null)) {
        visible = await handoverRepository.offersForOrganisers(
          db,
          caller.eventId,
          isAdmin(caller) ? 'all' : caller.groupId,
          now,
        );
      } else if (caller.roleLevel === 2) {
        const settings = await schedulingRepository.settings(db, caller.eventId);
        const held = await schedulingRepository.shiftsOfMember(db, caller.eventId, caller.eventUserId);
        const heldIds = new Set(held.map((shift) => shift.id));
        visible = (
          await handoverRepository.takeableOffers(db, caller.eventId, caller.groupId, caller.eventUserId, now)
        ).filter((row) => !heldIds.has(row.shift_id) && !spanClash(row, held, settings.minRestMinutes));
      } else {
        visible = [];
      }
      const byId = new Map([...visible, ...own].map((row) => [row.id, row]));
      const rows = [...byId.values()].sort((a, b) => a.starts_at.localeCompare(b.starts_at) || a.id - b.id);
      return toOffers(context, caller.eventId, rows);
    },

    /**
     * A volunteer takes an offered place: the one who offered leaves and the taker gets it in one transaction, or,
     * when the event wants a leader's approval, the offer waits for it with the taker named (`pending`).
     */
    async takeOffer(caller: Caller, offerId: number): Promise<{ assignment: ShiftAssignment } | { offer: ShiftOffer }> {
      if (caller.roleLevel !== 2) throw forbidden();
      const result = await inTransaction(context, async (tx) => {
        const { shift, offer } = await lockShiftAndOffer(tx.db, caller.eventId, offerId);
        if (offer.offered_by === caller.eventUserId) throw conflict('error.offerOwn');
        const now = Date.now();
        const closed = closedOffer(offer, now);
        if (closed) throw closed;
        if (Date.parse(shift.starts_at) <= now) throw conflict('error.shiftStarted');
        const { settings } = await checkTaker(tx, shift, caller.eventUserId);
        if (!settings.handoverApproval) {
          return { assignment: await handOver(tx, caller, shift, offer, caller.eventUserId) };
        }
        await handoverRepository.setStatus(tx.db, offer.id, 'pending', caller.eventUserId, nowIso());
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.handover_pending',
          subject: `shift:${shift.id}`,
          details: { offerId: offer.id, from: offer.offered_by, to: caller.eventUserId, title: shift.title },
        });
        const { mailShift, nameOf } = await noticeOf(tx, caller.eventId, shift, [offer.offered_by, caller.eventUserId]);
        const fromName = nameOf(offer.offered_by);
        const toName = nameOf(caller.eventUserId);
        await notify(
          tx,
          caller.eventId,
          await approversOf(tx, caller.eventId, shift.group_id),
          'shift_handover',
          (context) => schedulingMails.handoverPending(mailShift, context, fromName, toName),
          // The organisers of the shift: by push to those who allow shift changes, as the people on it are told.
          shiftNotice('shiftChange', 'push.handoverPending', mailShift),
        );
        return { pending: offer.id };
      });
      if (result.assignment) return { assignment: result.assignment };
      return { offer: await offerOr404(context, caller.eventId, result.pending) };
    },

    /** An organiser of the shift approves a pending hand-over: the rules are asked again for the taker. */
    async approveOffer(caller: Caller, offerId: number): Promise<ShiftAssignment> {
      return inTransaction(context, async (tx) => {
        const { shift, offer } = await lockShiftAndOffer(tx.db, caller.eventId, offerId);
        requireOrganiserOf(caller, shift.group_id);
        if (offer.status !== 'pending' || offer.taken_by === null) {
          throw closedOffer(offer, Date.now()) ?? conflict('error.offerNotPending');
        }
        if (Date.parse(shift.starts_at) <= Date.now()) throw conflict('error.shiftStarted');
        await checkTaker(tx, shift, offer.taken_by);
        return handOver(tx, caller, shift, offer, offer.taken_by);
      });
    },

    /**
     * An organiser of the shift declines a pending hand-over: the offer is open again for others, and the one who
     * asked is told (push where they allow shift changes, otherwise mail), so they look for another place.
     */
    async declineOffer(caller: Caller, offerId: number): Promise<ShiftOffer> {
      await inTransaction(context, async (tx) => {
        const { shift, offer } = await lockShiftAndOffer(tx.db, caller.eventId, offerId);
        requireOrganiserOf(caller, shift.group_id);
        if (offer.status !== 'pending') throw closedOffer(offer, Date.now()) ?? conflict('error.offerNotPending');
        await handoverRepository.setStatus(tx.db, offer.id, 'open', null, nowIso());
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.handover_declined',
          subject: `shift:${shift.id}`,
          details: { offerId: offer.id, from: offer.offered_by, to: offer.taken_by, title: shift.title },
        });
        if (offer.taken_by !== null) {
          const { mailShift, nameOf } = await noticeOf(tx, caller.eventId, shift, [offer.offered_by]);
          const fromName = nameOf(offer.offered_by);
          await notify(
            tx,
            caller.eventId,
            [offer.taken_by],
            'shift_handover',
            (context) => schedulingMails.handoverDeclined(mailShift, context, fromName),
            shiftNotice('shiftChange', 'push.handoverDeclined', mailShift),
          );
        }
      });
      return offerOr404(context, caller.eventId, offerId);
    },

    /** The one who offered takes the offer back (open or pending); they keep the place. */
    async withdrawOffer(caller: Caller, offerId: number): Promise<ShiftOffer> {
      await inTransaction(context, async (tx) => {
        const { shift, offer } = await lockShiftAndOffer(tx.db, caller.eventId, offerId);
        if (offer.offered_by !== caller.eventUserId) throw forbidden();
        if (offer.status === 'taken') throw conflict('error.offerTaken');
        if (offer.status === 'withdrawn') throw conflict('error.offerWithdrawn');
        await handoverRepository.setStatus(tx.db, offer.id, 'withdrawn', null, nowIso());
        await writeAudit(tx.db, {
          eventId: caller.eventId,
          actorId: caller.userId,
          action: 'shift.offer_withdrawn',
          subject: `shift:${shift.id}`,
          details: { offerId: offer.id, eventUserId: offer.offered_by, title: shift.title },
        });
      });
      return offerOr404(context, caller.eventId, offerId);
    },
  };
}
