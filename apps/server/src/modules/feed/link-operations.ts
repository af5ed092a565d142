import type { CreateLinkInput, EventLink } from '@funkis/shared';
import { writeAudit } from '../../lib/audit.js';
import { inTransaction } from '../../lib/context.js';
import { notFound } from '../../lib/http-error.js';
import { nowIso } from '../../lib/time.js';
import type { FeedContext } from './operations-context.js';
import * as feedRepository from './repository.js';

/** The event's links, kept by the admins (the route checks the role; `actorId` is whom the audit entry names). */
export function linkOperations(shared: FeedContext) {
  const { context, db } = shared;
  return {
    async createLink(eventId: number, actorId: number, input: CreateLinkInput): Promise<EventLink> {
      const createdAt = nowIso();
      const id = await inTransaction(context, async (tx) => {
        const { id } = await feedRepository.insertLink(tx.db, {
          event_id: eventId,
          title: input.title,
          url: input.url,
          created_at: createdAt,
        });
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'link.created',
          subject: `event_link:${id}`,
          details: { title: input.title, url: input.url },
        });
        return id;
      });
      return { id, title: input.title, url: input.url, createdAt };
    },

    async deleteLink(eventId: number, linkId: number, actorId: number): Promise<void> {
      const current = await feedRepository.findLink(db, eventId, linkId);
      if (!current) throw notFound('feed.linkNotFound');
      await inTransaction(context, async (tx) => {
        await feedRepository.deleteLink(tx.db, eventId, linkId);
        await writeAudit(tx.db, {
          eventId,
          actorId,
          action: 'link.deleted',
          subject: `event_link:${linkId}`,
          details: { title: current.title, url: current.url },
        });
      });
    },
  };
}
