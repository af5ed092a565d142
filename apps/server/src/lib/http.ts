import { idSchema } from '@funkis/shared';
import { z } from 'zod';

export { idSchema, MAX_ID } from '@funkis/shared';

/**
 * The response schema of a successful answer: the given fields plus `success` and `_csrf`, which the session
 * plugin adds to every successful POST and DELETE.
 */
export const ok = <T extends z.ZodRawShape>(shape: T) =>
  z.object({ ...shape, success: z.literal(true).optional(), _csrf: z.string().optional() });

/** `/event/:id/…` */
export const eventParams = z.object({ id: idSchema });
