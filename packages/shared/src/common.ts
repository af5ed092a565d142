import { z } from 'zod';
import { LIMITS } from './constants.js';

export const idParam = z.coerce.number().int().positive();

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.PAGE_SIZE_MAXIMUM).default(LIMITS.PAGE_SIZE_DEFAULT),
});

export const errorEnvelope = z.object({
  success: z.literal(false),
  errorMessages: z.array(z.string()),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Every successful POST or DELETE answers with these two (DESIGN 4.1). */
export const mutationOk = z.object({ success: z.literal(true), _csrf: z.string() });
