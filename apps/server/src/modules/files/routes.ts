import {
  downloadQuerySchema,
  eventFileSchema,
  filesListQuerySchema,
  filesListResponseSchema,
  isPreviewable,
  updateFileSchema,
} from '@funkis/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { contentDisposition } from '../../lib/content-disposition.js';
import { eventParams, idSchema, ok } from '../../lib/http.js';
import { answers, multipartBody } from '../../lib/openapi.js';
import { sendStored } from '../../lib/stored-answer.js';
import { uploadRoutes } from '../../lib/uploads.js';
import { currentMembership, currentUser } from '../../plugins/auth.js';
import { filesService } from './service.js';
import { type StorageRoom, storageLimitsOf, storageUse } from './storage-use.js';
import { receiveUpload } from './upload.js';

const tags = { tags: ['files'] };
const fileParams = z.object({ id: idSchema, fileId: idSchema });
const fileResponse = ok({ file: eventFileSchema });

/** No script, no plugin, no page of ours around it: a sandboxed document of its own (docs/decisions/007). */
const SANDBOX_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox";
/** Chromium's PDF viewer does not run in a sandboxed document; a PDF is shown only after its bytes proved it one. */
const PDF_CSP = "default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'self'";

/** Event files: every member lists and downloads what their role may see; admins manage them. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const quotaBytes = app.config.EVENT_FILES_QUOTA_BYTES;
  const service = filesService(app.serverContext);
  const stored = storageUse(app.db, app.storage, storageLimitsOf(app.config));

  app.get(
    '/event/:id/files',
    {
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: "The files the caller's role may see; admins also get the space used and the quota",
        params: eventParams,
        querystring: filesListQuerySchema,
        response: { 200: filesListResponseSchema },
      },
    },
    async (request) => {
      return service.list(currentMembership(request), request.query);
    },
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/event/:id/files',
      {
        onRequest: app.requireEventRole(0),
        schema: {
          ...tags,
          summary: 'Upload a file (admin)',
          description:
            'multipart/form-data: the file in the field `file`, the role levels allowed to see it in the field `roles` ' +
            '(`0,1,2`; admins always may). At most UPLOAD_MAX_BYTES (413), within the event quota (413); images and ' +
            'PDFs must be what their bytes say (415); HTML, SVG and scripts are refused (415).',
          ...multipartBody({
            file: 'The file (at most UPLOAD_MAX_BYTES)',
            text: { roles: 'The role levels that may see it, comma-separated (`0,1,2`); admins only when left out' },
          }),
          params: eventParams,
          response: { 201: fileResponse },
        },
      },
      async (request, reply) => {
        const { eventId } = currentMembership(request);
        const eventRoom: StorageRoom = {
          remainingBytes: await service.remainingBytes(eventId),
          code: 'files.quotaExceeded',
          sizeBytes: quotaBytes,
        };
        const storedRoom = await stored.room(currentUser(request).id);
        const upload = await receiveUpload(request, app.storage, {
          maxBytes: app.config.UPLOAD_MAX_BYTES,
          room: storedRoom && storedRoom.remainingBytes < eventRoom.remainingBytes ? storedRoom : eventRoom,
        });
        const file = await service.create(eventId, currentUser(request).id, upload);
        return reply.status(201).send({ file });
      },
    );
  });

  app.get(
    '/event/:id/files/:fileId/download',
    {
      // Sent as stored, with its length and byte ranges (resumable), never compressed on the fly (decision 023).
      compress: false,
      onRequest: app.requireEventRole(0, 1, 2),
      schema: {
        ...tags,
        summary: 'The file itself: an attachment, or inline (`inline=1`) for images and PDFs',
        ...answers(
          { '*/*': 'binary' },
          'The bytes with the type they were stored with; resumable (Range), with validators',
          { stored: true },
        ),
        params: fileParams,
        querystring: downloadQuerySchema,
      },
    },
    async (request, reply) => {
      const { row, stored } = await service.open(currentMembership(request), request.params.fileId);
      const isInline = request.query.inline === '1' && isPreviewable(row.mime_type);
      reply
        .type(row.mime_type)
        .header('content-disposition', contentDisposition(isInline ? 'inline' : 'attachment', row.name))
        .header('x-content-type-options', 'nosniff')
        .header('content-security-policy', isInline && row.mime_type === 'application/pdf' ? PDF_CSP : SANDBOX_CSP)
        .header('cache-control', 'private, no-store')
        .header('cross-origin-resource-policy', 'same-origin');
      return sendStored(request, reply, stored);
    },
  );

  app.post(
    '/event/:id/files/:fileId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: 'Rename a file or change the roles that may see it (admin)',
        params: fileParams,
        body: updateFileSchema,
        response: { 200: fileResponse },
      },
    },
    async (request) => {
      const { eventId } = currentMembership(request);
      return { file: await service.update(eventId, request.params.fileId, currentUser(request).id, request.body) };
    },
  );

  app.delete(
    '/event/:id/files/:fileId',
    {
      onRequest: app.requireEventRole(0),
      schema: {
        ...tags,
        summary: 'Delete a file and its bytes (admin)',
        params: fileParams,
        response: { 200: ok({}) },
      },
    },
    async (request) => {
      const { eventId } = currentMembership(request);
      await service.delete(eventId, request.params.fileId, currentUser(request).id);
      return {};
    },
  );
};
