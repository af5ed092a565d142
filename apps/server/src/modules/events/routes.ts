import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

// Not built yet: the module's routes are being written (see the issue tracker).
export const eventsRoutes: FastifyPluginAsyncZod = async () => {};
