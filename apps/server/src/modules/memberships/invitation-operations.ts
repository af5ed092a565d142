import {
  type EventInvitation,
  INVITATION_LIMITS,
  type InviteMemberInput,
  type MyInvitation,
  type RoleLevel,
} from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import type { Caller } from '../../lib/caller.js';
import { inTransaction } from '../../lib/context.js';
import { fieldError, forbidden, notFound } from '../../lib/http-error.js';
import type { MailLanguage } from '../../lib/language.js';
import { nowIso } from '../../lib/time.js';
import { isUniqueViolation, lockEvent } from '../../lib/transaction.js';
import { invitationMail } from './invitation-mails.js';
import * as invitationsRepository from './invitations-repository.js';
import { toEventInvitation, toMyInvitation } from './invitations-repository.js';
import { type InvitationsContext, requireGroup } from './operations-context.js';
import * as membershipsRepository from './repository.js';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The admin inviting: the caller, with the name the mail gives. */
export interface Inviter extends Caller {
  firstname: string;
  lastname: string;
}

export interface Invitee {
  id: number;
  email: string;
  /** Only an account whose address is confirmed sees and answers invitations (decision 020). */
  emailConfirmed: boolean;
}

/**
 * An invitation goes to an address; only its proven owner may see or answer it. Refused before anything is looked
 * up, so the answer says nothing about the invitation.
 */
const requireConfirmed = (user: Invitee) => {
  if (!user.emailConfirmed) throw forbidden('error.emailNotConfirmed');
};

/**
 * Invitations (decision 013): an admin invites an e-mail address; the person becomes a member
 * only by accepting. Inviting answers the same whether or not the address has an account (the mail differs,
 * which only the address's owner reads). Declining is between the person and Funkis: the admins go on seeing an
 * invitation that was not accepted, until it lapses, and no entry of the event's audit log tells them more.
 */
export function invitationOperations(shared: InvitationsContext) {
  const { context, db, mail, publicUrl } = shared;

  return {
    /**
     * The admin invites an address to the event with a role and group, for `INVITATION_LIMITS.VALID_DAYS`, under
     * the event's lock; the mail goes out in the same transaction. 409 when already a member or invited.
     */
    async invite(inviter: Inviter, input: InviteMemberInput, language: MailLanguage): Promise<EventInvitation> {
      const { eventId } = inviter;
      const email = input.email.trim().toLowerCase();
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, eventId);
        const group = input.groupId === null ? null : await requireGroup(tx, eventId, input.groupId);
        const found = await membershipsRepository.findUserByEmail(tx.db, email);
        // An account that has not proven the address is no invitee: the invitation waits for the address's owner
        // (linked when a confirmed account with it lists its invitations), and the mail is the one for newcomers.
        const account = found?.email_confirmed_at ? found : undefined;
        // A member is on the admin's own users list already: saying so tells them nothing new.
        if (found && (await membershipsRepository.findMemberByUserId(tx.db, eventId, found.id))) {
          throw fieldError('email', 'error.alreadyMember', undefined, 409);
        }
        const now = new Date();
        await invitationsRepository.deleteLapsed(tx.db, eventId, email, now.toISOString());
        if (await invitationsRepository.findByEventAndEmail(tx.db, eventId, email)) {
          throw fieldError('email', 'error.alreadyInvited', undefined, 409);
        }
        const expiresAt = new Date(now.getTime() + INVITATION_LIMITS.VALID_DAYS * DAY_MS).toISOString();
        let invitationId: number;
        try {
          invitationId = await invitationsRepository.insert(tx.db, {
            eventId,
            email,
            invitedUserId: account?.id ?? null,
            roleLevel: input.roleLevel,
            groupId: input.groupId,
            invitedBy: inviter.userId,
            createdAt: now.toISOString(),
            expiresAt,
          });
        } catch (error) {
          if (isUniqueViolation(error)) throw fieldError('email', 'error.alreadyInvited', undefined, 409);
          throw error;
        }
        await writeAudit(tx.db, {
          eventId,
          actorId: inviter.userId,
          action: 'invitation.created',
          subject: `invitation:${invitationId}`,
          details: { email, roleLevel: input.roleLevel, groupId: input.groupId },
        });
        const row = await invitationsRepository.findInEvent(tx.db, eventId, invitationId);
        if (!row) throw notFound('error.invitationNotFound');
        await mail.enqueue(
          {
            eventId,
            to: [
              {
                userId: account?.id ?? null,
                email,
                name: account ? `${account.firstname} ${account.lastname}` : '',
                language,
              },
            ],
            ...invitationMail({
              language,
              firstname: account ? account.firstname : null,
              email,
              eventName: row.event_name,
              inviterName: `${inviter.firstname} ${inviter.lastname}`,
              roleLevel: input.roleLevel,
              groupName: group?.name ?? null,
              validUntil: expiresAt.slice(0, 10),
              homeLink: `${publicUrl}/`,
              registerLink: `${publicUrl}/authentication/register`,
            }),
            reason: 'invitation',
          },
          tx.db,
        );
        return toEventInvitation(row);
      });
    },

    /** The event's invitations that were not accepted and have not lapsed, newest first. */
    async listForEvent(eventId: number): Promise<EventInvitation[]> {
      return (await invitationsRepository.listForEvent(db, eventId, nowIso())).map(toEventInvitation);
    },

    /** The admin withdraws one of the event's invitations, with an audit entry; 404 when the event has none by that id. */
    async cancel(caller: Caller, invitationId: number): Promise<void> {
      const { eventId } = caller;
      await inTransaction(context, async (tx) => {
        const row = await invitationsRepository.findInEvent(tx.db, eventId, invitationId);
        if (!row) throw notFound('error.invitationNotFound');
        await invitationsRepository.deleteInvitation(tx.db, invitationId);
        await writeAudit(tx.db, {
          eventId,
          actorId: caller.userId,
          action: 'invitation.cancelled',
          subject: `invitation:${invitationId}`,
          details: { email: row.email, roleLevel: row.role_level, groupId: row.group_id },
        });
      });
    },

    /**
     * The person's open invitations. Those sent to their address before it had an account (or to no account)
     * become theirs now, so registering with the invited address is all it takes.
     */
    async listMine(user: Invitee): Promise<MyInvitation[]> {
      // Nothing for an unproven address: whoever typed it may not be its owner.
      if (!user.emailConfirmed) return [];
      await invitationsRepository.linkByEmail(db, user.id, user.email.toLowerCase());
      return (await invitationsRepository.listOpenForUser(db, user.id, nowIso())).map(toMyInvitation);
    },

    /**
     * The person joins with the invited role and group (a group deleted since leaves them without one). Someone
     * else's, an answered, cancelled or lapsed invitation is 404. Already a member (an application was accepted
     * meanwhile): the invitation is used up and the membership stays as it is.
     */
    async accept(user: Invitee, invitationId: number): Promise<{ event: { id: number; name: string } }> {
      requireConfirmed(user);
      await invitationsRepository.linkByEmail(db, user.id, user.email.toLowerCase());
      const found = await invitationsRepository.findOpenForUser(db, user.id, invitationId, nowIso());
      if (!found) throw notFound('error.invitationNotFound');
      return inTransaction(context, async (tx) => {
        await lockEvent(tx.db, found.event_id);
        // Read again under the event's lock: two accepts at once, or a cancel meanwhile.
        const row = await invitationsRepository.findOpenForUser(tx.db, user.id, invitationId, nowIso());
        if (!row) throw notFound('error.invitationNotFound');
        await invitationsRepository.deleteInvitation(tx.db, row.id);
        const event = { id: row.event_id, name: row.event_name };
        if (await membershipsRepository.findMemberByUserId(tx.db, row.event_id, user.id)) return { event };
        const roleLevel = row.role_level as RoleLevel;
        const eventUserId = await membershipsRepository.insertMember(
          tx.db,
          row.event_id,
          user.id,
          roleLevel,
          row.group_id,
        );
        await writeAudit(tx.db, {
          eventId: row.event_id,
          actorId: user.id,
          action: 'member.added',
          subject: `event_user:${eventUserId}`,
          details: {
            userId: user.id,
            email: user.email,
            roleLevel,
            groupId: row.group_id,
            reason: 'invitation',
            invitationId: row.id,
            invitedBy: row.invited_by,
          },
        });
        return { event };
      });
    },

    /**
     * The invitation leaves the person's home page and no membership is made. Recorded in the account's own
     * audit trail (no event), so the inviting admins learn nothing from it.
     */
    async decline(user: Invitee, invitationId: number): Promise<void> {
      requireConfirmed(user);
      await inTransaction(context, async (tx) => {
        await invitationsRepository.linkByEmail(tx.db, user.id, user.email.toLowerCase());
        const row = await invitationsRepository.findOpenForUser(tx.db, user.id, invitationId, nowIso());
        if (!row) throw notFound('error.invitationNotFound');
        await invitationsRepository.decline(tx.db, row.id, nowIso());
        await writeAudit(tx.db, {
          eventId: null,
          actorId: user.id,
          action: 'invitation.declined',
          subject: `invitation:${row.id}`,
          details: { eventId: row.event_id },
        });
      });
    },
  };
}
