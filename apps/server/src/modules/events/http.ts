import { z } from 'zod';
import { MAX_ID } from '../../plugins/auth.js';

/** Present in every successful POST/DELETE answer; filled in by the session plugin (DESIGN 4.1). */
export const ok = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, success: z.literal(true).optional(), _csrf: z.string().optional() });

const id = z.coerce.number().int().positive().max(MAX_ID);
export const eventParams = z.object({ id });
export const groupParams = z.object({ id, groupId: id });
export const memberParams = z.object({ id, eventUserId: id });

export const tags = {
  events: { tags: ['events'] },
  groups: { tags: ['groups'] },
  users: { tags: ['users'] },
  controlPanel: { tags: ['control panel'] },
};
