import {
  changeEmailSchema,
  changePasswordSchema,
  loginSchema,
  messageText,
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
import { fieldError, HttpError, notFound } from '../../lib/http-error.js';
import { hashPassword, verifyPassword } from '../../lib/passwords.js';
import { hashToken, randomToken } from '../../lib/tokens.js';
import { currentUser } from '../../plugins/auth.js';
import { SESSION_COOKIE } from '../../plugins/session.js';
import { FileTooLargeError } from '../../plugins/storage.js';
import { accountRepository, normaliseEmail, toUser } from './repository.js';

const RESET_TOKEN_VALID_MS = 60 * 60 * 1000;
const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
const AVATAR_TYPES = new Set(['image/png', 'image/jpeg', 'image/gif', 'image/webp']);

/** Present in every successful POST answer; filled in by the session plugin (DESIGN 4.1). */
const ok = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, success: z.literal(true).optional(), _csrf: z.string().optional() });
const userResponse = ok({ user: userSchema });
const emptyResponse = ok({});

const bodyEmail = (request: FastifyRequest): string => {
  const body = request.body as { email?: unknown } | undefined;
  return typeof body?.email === 'string' ? normaliseEmail(body.email).slice(0, 255) : '';
};

export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  const users = accountRepository(app.db);
  const tag = { tags: ['account'] };

  // Soft limits: a window of minutes, so an attacker cannot lock the real owner out for long.
  const perAddress = (max: number, minutes: number) =>
    app.rateLimit({ max, timeWindow: minutes * 60 * 1000, keyGenerator: (request) => `ip:${request.ip}` });
  const perAccount = (max: number, minutes: number) =>
    app.rateLimit({ max, timeWindow: minutes * 60 * 1000, keyGenerator: (request) => `acct:${bodyEmail(request)}` });

  const requirePassword = async (passwordHash: string, password: string, field: string) => {
    if (!(await verifyPassword(passwordHash, password))) throw fieldError(field, 'error.wrongPassword');
  };

  app.post(
    '/login',
    {
      config: { csrfExempt: true },
      preHandler: [perAddress(30, 5), perAccount(10, 5)],
      schema: { ...tag, body: loginSchema, response: { 200: userResponse } },
    },
    async (request, reply) => {
      const row = await users.findByEmail(request.body.email);
      const valid = await verifyPassword(row?.password_hash ?? null, request.body.password);
      if (!row || !valid) throw new HttpError(401, [messageText('error.invalidCredentials')]);
      await app.sessions.create(reply, request, row.id);
      return { user: toUser(row) };
    },
  );

  app.get(
    '/logout',
    { schema: { ...tag, response: { 200: z.object({ success: z.literal(true) }) } } },
    async (request, reply) => {
      if (request.session) await app.sessions.destroy(request.session.id);
      request.session = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return { success: true as const };
    },
  );

  app.post(
    '/register',
    {
      config: { csrfExempt: true },
      preHandler: [perAddress(10, 10)],
      schema: { ...tag, body: registerSchema, response: { 201: userResponse } },
    },
    async (request, reply) => {
      const { email, firstname, lastname, password } = request.body;
      if (await users.findByEmail(email)) throw fieldError('email', 'error.emailTaken', 409);
      const passwordHash = await hashPassword(password);
      let row: Awaited<ReturnType<typeof users.create>>;
      try {
        row = await users.create({ email, firstname, lastname, passwordHash });
      } catch {
        // Two registrations racing for one address: the unique index decides.
        throw fieldError('email', 'error.emailTaken', 409);
      }
      await app.sessions.create(reply, request, row.id);
      return reply.status(201).send({ user: toUser(row) });
    },
  );

  app.get('/me', { schema: { ...tag, response: { 200: z.object({ user: userSchema }) } } }, async (request) => {
    const { passwordHash: _, ...user } = currentUser(request);
    return { user };
  });

  app.post(
    '/user/update-info',
    { schema: { ...tag, body: updateInfoSchema, response: { 200: userResponse } } },
    async (request) => {
      const user = currentUser(request);
      const row = await users.update(user.id, request.body);
      return { user: toUser(row) };
    },
  );

  app.post('/user/avatar', { schema: { ...tag, response: { 200: userResponse } } }, async (request) => {
    const user = currentUser(request);
    const file = await request.file({ limits: { fileSize: AVATAR_MAX_BYTES } });
    if (!file) throw fieldError('file', 'error.required');
    if (!AVATAR_TYPES.has(file.mimetype)) {
      file.file.resume();
      throw fieldError('file', 'Only PNG, JPEG, GIF or WebP images can be used as an avatar.');
    }
    let saved: { key: string };
    try {
      saved = await app.storage.save(file.file);
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new HttpError(413, ['The image cannot be larger than 5 MB.'], {
          file: 'The image cannot be larger than 5 MB.',
        });
      }
      throw error;
    }
    const previous = await users.findById(user.id);
    const row = await users.update(user.id, { avatar: `${saved.key}.${file.mimetype.split('/')[1]}` });
    if (previous?.avatar) await app.storage.remove(previous.avatar.split('.')[0]);
    return { user: toUser(row) };
  });

  app.get(
    '/user/:userId/avatar',
    { schema: { ...tag, params: z.object({ userId: z.coerce.number().int().positive() }) } },
    async (request, reply) => {
      currentUser(request);
      const row = await users.findById(request.params.userId);
      if (!row?.avatar) throw notFound();
      const [key, extension] = row.avatar.split('.');
      return reply
        .type(`image/${extension}`)
        .header('cache-control', 'private, max-age=86400')
        .header('x-content-type-options', 'nosniff')
        .send(app.storage.open(key));
    },
  );

  app.post(
    '/change-email',
    { schema: { ...tag, body: changeEmailSchema, response: { 200: userResponse } } },
    async (request) => {
      const user = currentUser(request);
      await requirePassword(user.passwordHash, request.body.password, 'password');
      const existing = await users.findByEmail(request.body.newEmail);
      if (existing && existing.id !== user.id) throw fieldError('newEmail', 'error.emailTaken', 409);
      const row = await users.update(user.id, { email: normaliseEmail(request.body.newEmail) });
      await app.sessions.destroyOthers(user.id, request.session?.id ?? null);
      await users.voidResetTokens(user.id);
      return { user: toUser(row) };
    },
  );

  app.post(
    '/change-password',
    { schema: { ...tag, body: changePasswordSchema, response: { 200: emptyResponse } } },
    async (request) => {
      const user = currentUser(request);
      await requirePassword(user.passwordHash, request.body.currentPassword, 'currentPassword');
      await users.update(user.id, { password_hash: await hashPassword(request.body.newPassword) });
      await app.sessions.destroyOthers(user.id, request.session?.id ?? null);
      await users.voidResetTokens(user.id);
      return {};
    },
  );

  app.post(
    '/recover-password',
    {
      config: { csrfExempt: true },
      preHandler: [perAddress(10, 15), perAccount(3, 15)],
      schema: { ...tag, body: recoverPasswordSchema, response: { 200: emptyResponse } },
    },
    async (request) => {
      // Same answer, and nearly the same work, whether or not the address has an account.
      const row = await users.findByEmail(request.body.email);
      if (row) {
        const token = randomToken(32);
        await users.createResetToken(row.id, hashToken(token, app.config.SESSION_SECRET), RESET_TOKEN_VALID_MS);
        const link = `${app.config.PUBLIC_URL}/authentication/password-reset?token=${token}`;
        // Not awaited: a slow mail server must not make known addresses answer slower than unknown ones.
        app.mailer
          .send({
            to: row.email,
            subject: 'Reset your Funkis password',
            text: [
              `Hello ${row.firstname},`,
              '',
              'Someone asked to reset the password of your Funkis account. Open this link within one hour to choose a new one:',
              '',
              link,
              '',
              'If it was not you, ignore this message: your password stays as it is.',
            ].join('\n'),
          })
          .catch((error) => request.log.error({ err: error }, 'password recovery mail failed'));
      }
      return {};
    },
  );

  app.post(
    '/reset-password',
    {
      config: { csrfExempt: true },
      preHandler: [perAddress(20, 15)],
      schema: { ...tag, body: resetPasswordSchema, response: { 200: emptyResponse } },
    },
    async (request) => {
      const token = await users.findUsableResetToken(hashToken(request.body.token, app.config.SESSION_SECRET));
      if (!token) throw fieldError('token', 'error.tokenInvalid');
      await users.update(token.user_id, { password_hash: await hashPassword(request.body.newPassword) });
      await users.voidResetTokens(token.user_id);
      await app.sessions.destroyOthers(token.user_id, null);
      return {};
    },
  );

  app.post(
    '/remove-user',
    { schema: { ...tag, body: removeUserSchema, response: { 200: emptyResponse } } },
    async (request, reply) => {
      const user = currentUser(request);
      await requirePassword(user.passwordHash, request.body.password, 'password');
      const blocked = await users.eventsWhereSoleAdminWithOthers(user.id);
      if (blocked.length > 0) throw new HttpError(409, [messageText('error.soleAdmin')]);
      await users.remove(user.id);
      request.session = null;
      request.user = null;
      reply.clearCookie(SESSION_COOKIE, { path: '/' });
      return {};
    },
  );
};
