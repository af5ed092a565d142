import {
  addAssignmentSchema,
  calendarFeedSchema,
  createShiftSchema,
  createShiftsSchema,
  duplicateDayResponseSchema,
  duplicateDaySchema,
  duplicateShiftSchema,
  schedulingSettingsSchema,
  shiftAssignmentSchema,
  shiftSchema,
  shiftsListQuerySchema,
  shiftsListResponseSchema,
  updateShiftSchema,
  waitlistEntrySchema,
  waitlistJoinResponseSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { notFound } from '../../lib/http-error.js';
import { answers } from '../../lib/openapi.js';
import { currentCaller, currentMembership, currentUser } from '../../plugins/auth.js';
import { ACCOUNT_RATE_LIMITS, byAddress, limits } from '../account/rate-limits.js';
import { schedulingService } from './service.js';

const tags = { tags: ['scheduling'] };
const shiftParams = z.object({ id: idSchema, shiftId: idSchema });
const assignmentParams = z.object({ id: idSchema, shiftId: idSchema, assignmentId: idSchema });
const shiftResponse = ok({ shift: shiftSchema });

/** Shift scheduling. Who may do what inside a route is decided in the service. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schedulingService(app.serverContext);
  const host = () => new URL(app.config.PUBLIC_URL).hostname;

  app.get(
    '/event/:id/shifts',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: "Shifts (admins all; leaders and volunteers their group's, the ones without a group and their own)",
        params: eventParams,
        querystring: shiftsListQuerySchema,
        response: { 200: shiftsListResponseSchema },
      },
    },
    async (request) => ({ shifts: await service.list(currentMembership(request), request.query) }),
  );

  app.post(
    '/event/:id/shifts',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Create a shift (admin; leader for their own group)',
        params: eventParams,
        body: createShiftSchema,
        response: { 201: shiftResponse },
      },
    },
    async (request, reply) => {
      const shift = await service.create(currentCaller(request), request.body);
      return reply.status(201).send({ shift });
    },
  );

  app.post(
    '/event/:id/shifts/batch',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Create up to 100 shifts at once, all or none (admin; leader for their own group)',
        params: eventParams,
        body: createShiftsSchema,
        response: { 201: ok({ shifts: z.array(shiftSchema) }) },
      },
    },
    async (request, reply) => {
      const shifts = await service.createMany(currentCaller(request), request.body.shifts);
      return reply.status(201).send({ shifts });
    },
  );

  app.post(
    '/event/:id/shifts/:shiftId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Change a shift (admin; leader for their own group)',
        params: shiftParams,
        body: updateShiftSchema,
        response: { 200: shiftResponse },
      },
    },
    async (request) => ({
      shift: await service.update(currentCaller(request), request.params.shiftId, request.body),
    }),
  );

  app.post(
    '/event/:id/shifts/:shiftId/duplicate',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Copy a shift to another start, without its people (admin; leader for their own group)',
        params: shiftParams,
        body: duplicateShiftSchema,
        response: { 201: shiftResponse },
      },
    },
    async (request, reply) => {
      const shift = await service.duplicate(currentCaller(request), request.params.shiftId, request.body.startsAt);
      return reply.status(201).send({ shift });
    },
  );

  app.post(
    '/event/:id/shifts/duplicate-day',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          "Copy a day's shifts to another day at the same times in the event's zone, without people; `preview` makes nothing (admin; leader: their group's)",
        params: eventParams,
        body: duplicateDaySchema,
        response: { 200: ok(duplicateDayResponseSchema.shape), 201: ok(duplicateDayResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const result = await service.duplicateDay(currentCaller(request), request.body);
      return reply.status(result.created ? 201 : 200).send(result);
    },
  );

  app.delete(
    '/event/:id/shifts/:shiftId',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Delete a shift and its assignments (admin; leader for their own group)',
        params: shiftParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.delete(currentCaller(request), request.params.shiftId);
      return {};
    },
  );

  app.post(
    '/event/:id/shifts/:shiftId/assignments',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: 'Give a member a place (organisers; volunteers sign themselves up where self sign-up is open)',
        params: shiftParams,
        body: addAssignmentSchema,
        response: { 201: ok({ assignment: shiftAssignmentSchema }) },
      },
    },
    async (request, reply) => {
      const assignment = await service.assign(currentCaller(request), request.params.shiftId, request.body.eventUserId);
      return reply.status(201).send({ assignment });
    },
  );

  app.delete(
    '/event/:id/shifts/:shiftId/assignments/:assignmentId',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: 'Take a place away (organisers; volunteers sign themselves off until sign-off closes)',
        params: assignmentParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.unassign(currentCaller(request), request.params.shiftId, request.params.assignmentId);
      return {};
    },
  );

  app.post(
    '/event/:id/shifts/:shiftId/waitlist',
    {
      onRequest: app.requireEventRole(2),
      schema: {
        ...tags,
        summary: 'Wait for a place on a full shift (a volunteer who may sign up there; 409 while a place is free)',
        params: shiftParams,
        response: { 201: ok(waitlistJoinResponseSchema.shape) },
      },
    },
    async (request, reply) => {
      const position = await service.joinWaitlist(currentCaller(request), request.params.shiftId);
      return reply.status(201).send({ position });
    },
  );

  app.delete(
    '/event/:id/shifts/:shiftId/waitlist',
    {
      onRequest: app.requireEventRole(2),
      schema: {
        ...tags,
        summary: "Leave a shift's waitlist",
        params: shiftParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.leaveWaitlist(currentCaller(request), request.params.shiftId);
      return {};
    },
  );

  app.get(
    '/event/:id/shifts/:shiftId/waitlist',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "Who waits for a place on the shift, first first (admins; a leader for the group's shifts)",
        params: shiftParams,
        response: { 200: ok({ waitlist: z.array(waitlistEntrySchema) }) },
      },
    },
    async (request) => ({ waitlist: await service.waitlist(currentCaller(request), request.params.shiftId) }),
  );

  app.get(
    '/event/:id/my-shifts.ics',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: "The caller's shifts as an iCalendar file (members)",
        params: eventParams,
        ...answers({ 'text/calendar': 'text' }, 'iCalendar (RFC 5545)'),
      },
    },
    async (request, reply) => {
      const body = await service.myCalendar(currentMembership(request), host());
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'attachment; filename="my-shifts.ics"')
        .header('cache-control', 'private, no-store')
        .send(body);
    },
  );

  app.get(
    '/event/:id/scheduling-settings',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: "The event's scheduling rules (members)",
        params: eventParams,
        response: { 200: ok({ settings: schedulingSettingsSchema }) },
      },
    },
    async (request) => ({ settings: await service.settings(currentMembership(request).eventId) }),
  );

  app.post(
    '/event/:id/scheduling-settings',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: 'Change the scheduling rules (admin)',
        params: eventParams,
        body: schedulingSettingsSchema,
        response: { 200: ok({ settings: schedulingSettingsSchema }) },
      },
    },
    async (request) => ({
      settings: await service.saveSettings(currentCaller(request), request.body),
    }),
  );

  app.get(
    '/user/calendar-feed',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'Whether the caller has a secret calendar URL, and since when (the URL is shown only when made)',
        response: { 200: ok({ feed: calendarFeedSchema }) },
      },
    },
    async (request) => ({ feed: await service.calendarFeed(currentUser(request).id) }),
  );

  app.post(
    '/user/calendar-feed',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: "A new secret calendar URL with all the caller's shifts in all events; the previous one stops working",
        response: { 201: ok({ feed: calendarFeedSchema }) },
      },
    },
    async (request, reply) =>
      reply.status(201).send({ feed: await service.renewCalendarFeed(currentUser(request).id) }),
  );

  app.delete(
    '/user/calendar-feed',
    {
      onRequest: app.requireUser,
      schema: {
        ...tags,
        summary: 'Revoke the secret calendar URL (404 when there is none)',
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      await service.revokeCalendarFeed(currentUser(request).id);
      return {};
    },
  );

  app.get(
    '/calendar/:file',
    {
      config: { public: true },
      preHandler: limits(app, [[ACCOUNT_RATE_LIMITS.calendarFeedPerAddress, byAddress]]),
      schema: {
        ...answers({ 'text/calendar': 'text' }, 'iCalendar (RFC 5545)'),
        ...tags,
        summary: "The secret calendar feed (`{token}.ics`, no session): all shifts of the token's owner",
        params: z.object({ file: z.string().max(200) }),
      },
    },
    async (request, reply) => {
      const match = /^(.+)\.ics$/.exec(request.params.file);
      const body = match ? await service.calendarOfToken(match[1], host()) : null;
      if (body === null) throw notFound();
      return reply
        .type('text/calendar; charset=utf-8')
        .header('content-disposition', 'inline; filename="funkis-shifts.ics"')
        .header('cache-control', 'private, no-store')
        .header('referrer-policy', 'no-referrer')
        .send(body);
    },
  );
};
