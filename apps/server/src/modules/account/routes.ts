import {
  changeEmailSchema,
  changePasswordSchema,
  confirmEmailSchema,
  loginSchema,
  recoverPasswordSchema,
  registerSchema,
  removeUserSchema,
  resetPasswordSchema,
  updateInfoSchema,
  userSchema,
} from '@funkis/shared';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { turnOfTheLoop } from '../../lib/event-loop.js';
import { idSchema, ok } from '../../lib/http.js';
import { unauthorized } from '../../lib/http-error.js';
import { readImageUpload } from '../../lib/images.js';
import { languageOf } from '../../lib/language.js';
import { answers, multipartBody } from '../../lib/openapi.js';
import { registrationQueue } from '../../lib/passwords.js';
import { sendStored } from '../../lib/stored-answer.js';
import { uploadRoutes } from '../../lib/uploads.js';
import { currentUser } from '../../plugins/auth.js';
import { storageLimitsOf, storageUse } from '../files/storage-use.js';
import {
  byAddress,
  byBodyEmail,
  byNetwork,
  byUser,
  ACCOUNT_RATE_LIMITS as LIMIT,
  limits,
  loginFailureLimits,
} from './rate-limits.js';
import { accountService } from './service.js';

/** Present in every successful POST answer; filled in by the session plugin. */
const userResponse = ok({ user: userSchema });
const emptyResponse = ok({});

/** Runs as an onRequest hook: anonymous callers get 401 before anything about their input is looked at. */
const loggedIn = async (request: FastifyRequest) => {
  currentUser(request);
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const account = accountService(app.serverContext, app.log);
  app.addHook('onClose', () => account.settle());
  const tag = { tags: ['account'] };
  const passwordCheckLimit = limits(app, [[LIMIT.passwordCheckPerUser, byUser]]);
  const loginLimits = loginFailureLimits(app);

  app.post(
    '/login',
    {
      config: { csrfExempt: true },
      preHandler: loginLimits.attempt,
      schema: { ...tag, body: loginSchema, response: { 200: userResponse } },
    },
    async (request, reply) => {
      const user = await account.authenticate(request.body.email, request.body.password);
      if (!user) throw unauthorized('error.invalidCredentials');
      await loginLimits.succeeded(request);
      await app.sessions.create(reply, request, user.id);
      await account.rememberLanguage(user.id, languageOf(request));
      request.user = user;
      return { user };
    },
  );

  app.get(
    '/logout',
    { config: { public: true }, schema: { ...tag, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.session) await app.sessions.destroy(request.session.id);
      app.sessions.end(request, reply);
      return { success: true as const };
    },
  );

  const registerLimits = limits(app, [
    [LIMIT.registerPerAddress, byAddress],
    [LIMIT.registerPerNetwork, byNetwork],
    [LIMIT.registerPerAccount, byBodyEmail],
  ]);
  app.post(
    '/register',
    {
      config: { csrfExempt: true },
      // Many registrations arriving at once start one per turn of the loop (their limits, checks and inserts are
      // synchronous statements on SQLite), so other requests are answered between them.
      onRequest: async () => turnOfTheLoop(),
      schema: { ...tag, body: registerSchema, response: { 201: userResponse } },
    },
    async (request, reply) => {
      // A few registrations at a time, limits and all: a burst waits its turn here rather than sending every
      // registration's statements to the database at once, ahead of everyone else's (decision 024).
      const user = await registrationQueue.run(async () => {
        await registerLimits.call(app, request, reply);
        const user = await account.register(request.body, languageOf(request));
        // Registering logs the new user in (spec section 4), in a new session.
        await app.sessions.create(reply, request, user.id);
        await account.rememberLanguage(user.id, languageOf(request));
        return user;
      });
      request.user = user;
      return reply.status(201).send({ user });
    },
  );

  app.get(
    '/me',
    { onRequest: loggedIn, schema: { ...tag, response: { 200: z.object({ user: userSchema }) } } },
    async (request) => ({ user: currentUser(request) }),
  );

  app.post(
    '/user/update-info',
    { onRequest: loggedIn, schema: { ...tag, body: updateInfoSchema, response: { 200: userResponse } } },
    async (request) => ({ user: await account.updateInfo(currentUser(request).id, request.body) }),
  );

  await uploadRoutes(app, (uploads) => {
    uploads.post(
      '/user/avatar',
      {
        onRequest: loggedIn,
        schema: {
          ...tag,
          description: 'multipart/form-data with one image in the field `file` (PNG, JPEG, GIF or WebP, at most 5 MB).',
          ...multipartBody({ file: 'The image: PNG, JPEG, GIF or WebP, at most 5 MB' }),
          response: { 200: userResponse },
        },
      },
      async (request) => {
        const user = currentUser(request);
        const { bytes, type } = await readImageUpload(request, {
          tooLarge: 'error.avatarTooLarge',
          wrongType: 'error.avatarType',
        });
        await storageUse(app.db, app.storage, storageLimitsOf(app.config)).requireRoom(user.id, bytes.length);
        return { user: await account.saveAvatar(user.id, bytes, type) };
      },
    );
  });

  app.get(
    '/user/:userId/avatar',
    {
      compress: false,
      onRequest: loggedIn,
      schema: {
        ...tag,
        description: 'The image itself. Visible to the user and to the people who share an event with them.',
        ...answers(
          { 'image/png': 'binary', 'image/jpeg': 'binary', 'image/gif': 'binary', 'image/webp': 'binary' },
          'The image, resumable (Range) and with validators',
          { stored: true },
        ),
        params: z.object({ userId: idSchema }),
        querystring: z.object({ v: z.string().max(200).optional() }),
      },
    },
    async (request, reply) => {
      const avatar = await account.openAvatar(currentUser(request).id, request.params.userId);
      reply
        .type(avatar.contentType)
        .header('cache-control', 'private, max-age=86400')
        .header('content-security-policy', "default-src 'none'");
      return sendStored(request, reply, avatar.stored);
    },
  );

  app.post(
    '/change-email',
    {
      onRequest: loggedIn,
      preHandler: passwordCheckLimit,
      schema: { ...tag, body: changeEmailSchema, response: { 200: userResponse } },
    },
    async (request) => {
      const { newEmail, password } = request.body;
      const user = await account.changeEmail(
        currentUser(request).id,
        request.session?.id ?? null,
        newEmail,
        password,
        languageOf(request),
      );
      request.user = user;
      return { user };
    },
  );

  app.post(
    '/confirm-email',
    {
      // The link may be opened in another browser, logged in as anyone or not at all: the token is the proof.
      config: { csrfExempt: true },
      preHandler: limits(app, [[LIMIT.confirmEmailPerAddress, byAddress]]),
      schema: {
        ...tag,
        summary: 'Open an address-confirmation link: confirms the address, or makes a waiting change of address',
        body: confirmEmailSchema,
        response: { 200: userResponse },
      },
    },
    async (request) => {
      const user = await account.confirmEmail(request.body.token, request.session?.id ?? null);
      if (request.user?.id === user.id) request.user = user;
      return { user };
    },
  );

  app.post(
    '/resend-confirmation',
    {
      onRequest: loggedIn,
      preHandler: limits(app, [[LIMIT.resendConfirmationPerUser, byUser]]),
      schema: {
        ...tag,
        summary: 'Mail the confirmation link again: for the waiting change of address, else for the unconfirmed one',
        response: { 200: emptyResponse },
      },
    },
    async (request) => {
      await account.resendConfirmation(currentUser(request).id, request.session?.id ?? null, languageOf(request));
      return {};
    },
  );

  app.post(
    '/change-password',
    {
      onRequest: loggedIn,
      preHandler: passwordCheckLimit,
      schema: { ...tag, body: changePasswordSchema, response: { 200: emptyResponse } },
    },
    async (request) => {
      const { currentPassword, newPassword } = request.body;
      await account.changePassword(
        currentUser(request).id,
        request.session?.id ?? null,
        currentPassword,
        newPassword,
        languageOf(request),
      );
      return {};
    },
  );

  app.post(
    '/recover-password',
    {
      config: { csrfExempt: true },
      preHandler: limits(app, [
        [LIMIT.recoverPerAddress, byAddress],
        [LIMIT.recoverPerAccount, byBodyEmail],
      ]),
      schema: { ...tag, body: recoverPasswordSchema, response: { 200: emptyResponse } },
    },
    async (request) => {
      await account.requestRecovery(request.body.email, languageOf(request));
      return {};
    },
  );

  app.post(
    '/reset-password',
    {
      config: { csrfExempt: true },
      preHandler: limits(app, [[LIMIT.resetPerAddress, byAddress]]),
      schema: { ...tag, body: resetPasswordSchema, response: { 200: emptyResponse } },
    },
    async (request, reply) => {
      const userId = await account.resetPassword(request.body.token, request.body.newPassword);
      // Every session of the account has ended, the one this request came with too.
      if (request.session?.userId === userId) app.sessions.end(request, reply);
      return {};
    },
  );

  app.post(
    '/remove-user',
    {
      onRequest: loggedIn,
      preHandler: passwordCheckLimit,
      schema: { ...tag, body: removeUserSchema, response: { 200: emptyResponse } },
    },
    async (request, reply) => {
      await account.removeAccount(currentUser(request).id, request.body.password);
      app.sessions.end(request, reply);
      return {};
    },
  );
};
