import { z } from 'zod';
import { idSchema as id } from '../../lib/http.js';

export { eventParams, ok } from '../../lib/http.js';
export const groupParams = z.object({ id, groupId: id });
export const memberParams = z.object({ id, eventUserId: id });

export const tags = {
  events: { tags: ['events'] },
  groups: { tags: ['groups'] },
  users: { tags: ['users'] },
  controlPanel: { tags: ['control panel'] },
};
