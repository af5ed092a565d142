import {
  addAssignmentSchema,
  createShiftSchema,
  createShiftsSchema,
  schedulingSettingsSchema,
  shiftAssignmentSchema,
  shiftSchema,
  shiftsListQuerySchema,
  shiftsListResponseSchema,
  updateShiftSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { schedulingService } from './service.js';

const tags = { tags: ['scheduling'] };
const shiftParams = z.object({ id: idSchema, shiftId: idSchema });
const assignmentParams = z.object({ id: idSchema, shiftId: idSchema, assignmentId: idSchema });
const shiftResponse = ok({ shift: shiftSchema });

/** Shift scheduling (DESIGN 4.4, issue 16). Who may do what inside a route is decided in the service. */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schedulingService(app.db, app.dialect);

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
      const shift = await service.create(currentMembership(request), currentUser(request).id, request.body);
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
      const shifts = await service.createMany(currentMembership(request), currentUser(request).id, request.body.shifts);
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
      shift: await service.update(
        currentMembership(request),
        currentUser(request).id,
        request.params.shiftId,
        request.body,
      ),
    }),
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
      await service.delete(currentMembership(request), currentUser(request).id, request.params.shiftId);
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
      const assignment = await service.assign(
        currentMembership(request),
        currentUser(request).id,
        request.params.shiftId,
        request.body.eventUserId,
      );
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
      await service.unassign(
        currentMembership(request),
        currentUser(request).id,
        request.params.shiftId,
        request.params.assignmentId,
      );
      return {};
    },
  );

  app.get(
    '/event/:id/my-shifts.ics',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: { ...tags, summary: "The caller's shifts as an iCalendar file (members)", params: eventParams },
    },
    async (request, reply) => {
      const host = new URL(app.config.PUBLIC_URL).hostname;
      const body = await service.myCalendar(currentMembership(request), host);
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
      settings: await service.saveSettings(currentMembership(request).eventId, currentUser(request).id, request.body),
    }),
  );
};
