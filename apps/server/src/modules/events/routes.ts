import { Readable } from 'node:stream';
import {
  applicationsOpenSchema,
  createEventSchema,
  eventDetailResponseSchema,
  eventSchema,
  eventSettingsSchema,
  eventsListQuerySchema,
  eventsListResponseSchema,
  type FormField,
  type WeekSeparationConfig,
} from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eventParams, MAX_ID, ok } from '../../lib/http.js';
import { forbidden, notFound } from '../../lib/http-error.js';
import { readImageUpload } from '../../lib/images.js';
import { answers, multipartBody } from '../../lib/openapi.js';
import { sendStored } from '../../lib/stored-answer.js';
import { uploadRoutes } from '../../lib/uploads.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { dailyLimit } from '../account/rate-limits.js';
import { isTakingApplications } from '../applications/service.js';
import { claimRoom, storageLimitsOf, storageUse } from '../files/storage-use.js';
import { parseFields } from '../forms/service.js';
import { findMembership } from '../memberships/lookup.js';
import { membershipsService } from '../memberships/service.js';
import { parseWeekConfig, toEvent } from './event-view.js';
import { eventsService } from './service.js';

const tags = { events: { tags: ['events'] } };

const eventResponse = ok({ event: eventSchema });

/**
 * Per event, the parsed copies of its stored form and week settings (only serialised, never changed): the event
 * screen's call parses them again only when the stored text changed. The texts are compared as strings, not used
 * as map keys: no hashing of the ~1 KB form per call.
 */
interface ParsedEvent {
  formText: string | null;
  fields: FormField[];
  weekText: string | null;
  week: WeekSeparationConfig | null;
}
const parsedEvents = new Map<number, ParsedEvent>();
const PARSED_EVENTS = 100;

function parsedEvent(eventId: number, formText: string | null, weekText: string | null): ParsedEvent {
  let parsed = parsedEvents.get(eventId);
  if (!parsed || parsed.formText !== formText || parsed.weekText !== weekText) {
    parsed = {
      formText,
      fields: formText ? parseFields(formText) : [],
      weekText,
      week: parseWeekConfig(weekText),
    };
    parsedEvents.delete(eventId);
    if (parsedEvents.size >= PARSED_EVENTS) parsedEvents.delete(parsedEvents.keys().next().value as number);
    parsedEvents.set(eventId, parsed);
  }
  return parsed;
}

/** Home, the event itself, its settings, avatar and the applications switch. */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = eventsService(app.serverContext);
  const storedUploads = storageUse(app.db, app.storage, storageLimitsOf(app.config));
  const memberships = membershipsService(app.serverContext);

  /**
   * The avatar shows on the home page and the public apply page too: members, and anyone (logged in or not: the
   * apply link's preview) while the event takes applications, may load it. A visitor not logged in gets 401
   * otherwise, as before.
   */
  const requireAvatarViewer = async (request: FastifyRequest) => {
    const eventId = Number((request.params as { id?: string }).id);
    if (!Number.isInteger(eventId) || eventId <= 0 || eventId > MAX_ID) throw notFound();
    if (request.user && (await findMembership(app.db, eventId, request.user.id))) return;
    const event = await service.findEvent(eventId);
    if (!event || !isTakingApplications(event)) {
      currentUser(request);
      throw forbidden();
    }
  };

  app.get(
    '/events',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags.events,
        summary: "The caller's events (with their role) and ongoing events open for application",
        querystring: eventsListQuerySchema,
        response: { 200: eventsListResponseSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      return service.listForUser(user.id, request.query.page, request.query.pageSize);
    },
  );

  app.post(
    '/events',
    {
      onRequest: app.requireUser,
      preHandler: dailyLimit(
        app,
        'eventsPerAccountPerDay',
        app.config.EVENTS_PER_ACCOUNT_PER_DAY,
        'error.tooManyEventsToday',
      ),
      schema: {
        ...tags.events,
        summary: 'Create an event; the caller becomes its admin (429 past EVENTS_PER_ACCOUNT_PER_DAY in 24 hours)',
        body: createEventSchema,
        response: { 201: eventResponse },
      },
    },
    async (request, reply) => {
      const event = await service.createEvent(currentUser(request).id, request.body);
      return reply.status(201).send({ event });
    },
  );

  app.get(
    '/event/:id',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      // The event and its form come in the session's query (plugins/session.ts): one statement for the call.
      config: { eventWithForm: true },
      schema: {
        ...tags.events,
        summary: 'The event, the caller as its member, and its application form (members only)',
        params: eventParams,
        response: { 200: eventDetailResponseSchema },
      },
    },
    async (request) => {
      const membership = currentMembership(request);
      // The caller's membership and group, the event and its form came with the session (one statement); each
      // is read here only when it did not (the guard read the membership itself, or another caller of the hook).
      const prefetched = request.prefetchedEvent;
      const row =
        prefetched !== undefined && (prefetched === null || prefetched.id === membership.eventId)
          ? prefetched
          : await service.findEventWithForm(membership.eventId);
      const member =
        membership.groupName === undefined
          ? await memberships.findMember(membership.eventId, membership.eventUserId)
          : {
              id: membership.eventUserId,
              userId: currentUser(request).id,
              roleLevel: membership.roleLevel,
              group:
                membership.groupId !== null && membership.groupName !== null
                  ? { id: membership.groupId, name: membership.groupName }
                  : null,
            };
      if (!row || !member) throw notFound();
      const parsed = parsedEvent(row.id, row.form_fields, row.week_separation_config);
      return {
        event: toEvent(row, parsed.week),
        eventUser: {
          id: member.id,
          userId: member.userId,
          role: { eventRole: { roleLevel: member.roleLevel }, eventGroup: member.group },
        },
        eventForm: { fields: parsed.fields },
      };
    },
  );

  app.post(
    '/event/:id/settings',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.events,
        summary: 'Change settings (admin); only the fields given change',
        params: eventParams,
        body: eventSettingsSchema,
        response: { 200: eventResponse },
      },
    },
    async (request) => {
      const membership = currentMembership(request);
      const event = await service.updateSettings(membership.eventId, currentUser(request).id, request.body);
      return { event };
    },
  );

  app.post(
    '/event/:id/applications-open',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags.events,
        summary: 'Open or close applications (admin)',
        params: eventParams,
        body: applicationsOpenSchema,
        response: { 200: eventResponse },
      },
    },
    async (request) => {
      const membership = currentMembership(request);
      const event = await service.setApplicationsOpen(membership.eventId, currentUser(request).id, request.body.open);
      return { event };
    },
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/event/:id/avatar',
      {
        onRequest: app.requireEventRole(0),
        schema: {
          ...tags.events,
          summary: 'Upload the event avatar (admin; multipart field `file`, PNG/JPEG/GIF/WebP up to 5 MB)',
          ...multipartBody({ file: 'The image: PNG, JPEG, GIF or WebP, at most 5 MB' }),
          params: eventParams,
          response: { 200: eventResponse },
        },
      },
      async (request) => {
        const membership = currentMembership(request);
        const { bytes, type } = await readImageUpload(request, {
          tooLarge: 'error.imageTooLarge',
          wrongType: 'error.imageType',
        });
        await storedUploads.requireRoom(currentUser(request).id, bytes.length);
        const saved = await app.storage.save(Readable.from([bytes]));
        const avatar = `${saved.key}.${type}`;
        let result: Awaited<ReturnType<typeof service.setAvatar>>;
        try {
          // Decided again where the avatar is recorded, so two uploads at once cannot both take the last room.
          result = await service.setAvatar(membership.eventId, currentUser(request).id, avatar, (trx) =>
            claimRoom(trx, app.storage, storageLimitsOf(app.config), currentUser(request).id, bytes.length),
          );
        } catch (error) {
          await app.storage.remove(saved.key);
          throw error;
        }
        if (result.previous) await app.storage.remove(result.previous.split('.')[0]);
        return { event: result.event };
      },
    );
  });

  app.get(
    '/event/:id/avatar',
    {
      compress: false,
      onRequest: requireAvatarViewer,
      schema: {
        ...tags.events,
        summary: 'The event avatar image (members; anyone while applications are open)',
        ...answers(
          { 'image/png': 'binary', 'image/jpeg': 'binary', 'image/gif': 'binary', 'image/webp': 'binary' },
          'The image, resumable (Range) and with validators',
          { stored: true },
        ),
        params: eventParams,
      },
    },
    async (request, reply) => {
      const row = await service.findEvent(request.params.id);
      if (!row?.avatar) throw notFound();
      const [key = '', extension] = row.avatar.split('.');
      const { size, storedAt } = await app.storage.stat(key);
      reply
        .type(`image/${extension}`)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff');
      return sendStored(request, reply, { key, size, storedAt, open: (range) => app.storage.open(key, range) });
    },
  );
};
