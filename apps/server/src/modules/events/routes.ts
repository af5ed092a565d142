import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { controlPanelRoutes } from './control-panel-routes.js';
import { eventRoutes } from './event-routes.js';
import { groupRoutes } from './group-routes.js';
import { memberRoutes } from './member-routes.js';

/** Events, groups, members (the users table), the control panel's access section and the audit log (issue 4). */
export const eventsRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(eventRoutes);
  await app.register(groupRoutes);
  await app.register(memberRoutes);
  await app.register(controlPanelRoutes);
};
