import {
  attendanceListSchema,
  attendanceResponseSchema,
  attendanceSchema,
  HOURS_EXPORT_COLUMNS,
  hoursExportQuerySchema,
  hoursQuerySchema,
  hoursResponseSchema,
  moveAssignmentSchema,
  notFullQuerySchema,
  notFullResponseSchema,
  shiftAssignmentSchema,
  timelineQuerySchema,
  timelineResponseSchema,
  withoutShiftExportQuerySchema,
  withoutShiftQuerySchema,
  withoutShiftResponseSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { languageOf } from '../../lib/language.js';
import { answers } from '../../lib/openapi.js';
import { readForExport, XLSX_TYPE } from '../../lib/table-export.js';
import { currentCaller, currentMembership } from '../../plugins/auth.js';
import { hoursToCsv, hoursToXlsx } from './hours-export.js';
import { schedulingService } from './service.js';
import { withoutShiftToCsv, withoutShiftToXlsx } from './without-shift-export.js';

const tags = { tags: ['scheduling'] };
const shiftParams = z.object({ id: idSchema, shiftId: idSchema });
const assignmentParams = z.object({ id: idSchema, shiftId: idSchema, assignmentId: idSchema });

/**
 * Planning views of shift scheduling: timeline, "not full" and "no shift" lists, move,
 * attendance and hours. Organiser routes take admins and leaders; the service narrows leaders to their group.
 */
export const planningRoutes: FastifyPluginAsyncZod = async (app) => {
  const service = schedulingService(app.serverContext);

  app.get(
    '/event/:id/scheduling/timeline',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: 'Shifts of a period (at most 35 days) with places filled, no names: the timeline (members)',
        params: eventParams,
        querystring: timelineQuerySchema,
        response: { 200: timelineResponseSchema },
      },
    },
    async (request) => ({ shifts: await service.timeline(currentMembership(request), request.query) }),
  );

  app.get(
    '/event/:id/scheduling/not-full',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "Shifts with places free, by start, paged (admin; leader for their group's)",
        params: eventParams,
        querystring: notFullQuerySchema,
        response: { 200: notFullResponseSchema },
      },
    },
    async (request) => service.notFull(currentMembership(request), request.query),
  );

  app.get(
    '/event/:id/scheduling/without-shift',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Volunteers holding no shift, by name, paged (admin; leader for their group)',
        params: eventParams,
        querystring: withoutShiftQuerySchema,
        response: { 200: withoutShiftResponseSchema },
      },
    },
    async (request) => service.withoutShift(currentMembership(request), request.query),
  );

  app.get(
    '/event/:id/scheduling/without-shift/export',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary:
          'Volunteers holding no shift with the same filters, every row, as CSV or XLSX (admin; leader for their group)',
        params: eventParams,
        querystring: withoutShiftExportQuerySchema,
        ...answers({ 'text/csv': 'text', [XLSX_TYPE]: 'binary' }, 'The list: CSV (`format=csv`) or XLSX'),
      },
    },
    async (request, reply) => {
      const membership = currentMembership(request);
      const { format, delimiter, ...filters } = request.query;
      const people = await readForExport(() => service.allWithoutShift(membership, filters));
      const language = languageOf(request);
      const name = `event-${membership.eventId}-without-shift.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (format === 'xlsx') return reply.type(XLSX_TYPE).send(await withoutShiftToXlsx(people, language));
      return reply
        .type('text/csv; charset=utf-8')
        .send(withoutShiftToCsv(people, language, delimiter === 'semicolon' ? ';' : ','));
    },
  );

  app.get(
    '/event/:id/scheduling/hours',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Hours per member holding shifts, by name, paged (admin; leader for their group)',
        params: eventParams,
        querystring: hoursQuerySchema,
        response: { 200: hoursResponseSchema },
      },
    },
    async (request) => {
      const { page, pageSize, ...filters } = request.query;
      return service.hours(currentMembership(request), filters, { page, pageSize });
    },
  );

  app.get(
    '/event/:id/scheduling/hours/export',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Hours per member as CSV or XLSX with the chosen columns, every row (admin; leader for their group)',
        params: eventParams,
        querystring: hoursExportQuerySchema,
        ...answers({ 'text/csv': 'text', [XLSX_TYPE]: 'binary' }, 'The table: CSV (`format=csv`) or XLSX'),
      },
    },
    async (request, reply) => {
      const membership = currentMembership(request);
      const { format, delimiter, columns = HOURS_EXPORT_COLUMNS, ...filters } = request.query;
      const { rows } = await readForExport(() => service.hours(membership, filters));
      const name = `event-${membership.eventId}-hours.${format}`;
      reply.header('content-disposition', `attachment; filename="${name}"`).header('cache-control', 'no-store');
      if (format === 'xlsx') return reply.type(XLSX_TYPE).send(await hoursToXlsx(rows, columns));
      return reply
        .type('text/csv; charset=utf-8')
        .send(hoursToCsv(rows, columns, delimiter === 'semicolon' ? ';' : ','));
    },
  );

  app.get(
    '/event/:id/shifts/:shiftId/attendance',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: "A shift's people with their attendance (admin; leader for their group's shifts)",
        params: shiftParams,
        response: { 200: attendanceListSchema },
      },
    },
    async (request) => ({
      assignments: await service.attendance(currentMembership(request), request.params.shiftId),
    }),
  );

  app.post(
    '/event/:id/shifts/:shiftId/assignments/:assignmentId/attendance',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Mark arrived or no-show, or clear it, once the shift started (admin; leader for their group)',
        params: assignmentParams,
        body: attendanceSchema,
        response: { 200: attendanceResponseSchema },
      },
    },
    async (request) => ({
      assignment: await service.setAttendance(
        currentCaller(request),
        request.params.shiftId,
        request.params.assignmentId,
        request.body.attendance,
      ),
    }),
  );

  app.post(
    '/event/:id/shifts/:shiftId/assignments/:assignmentId/move',
    {
      onRequest: app.requireEventRole(0, 1),
      schema: {
        ...tags,
        summary: 'Move an assignment to another shift, one transaction, same rules as assigning (organisers)',
        params: assignmentParams,
        body: moveAssignmentSchema,
        response: { 200: ok({ assignment: shiftAssignmentSchema }) },
      },
    },
    async (request) => ({
      assignment: await service.move(
        currentCaller(request),
        request.params.shiftId,
        request.params.assignmentId,
        request.body.shiftId,
      ),
    }),
  );
};
