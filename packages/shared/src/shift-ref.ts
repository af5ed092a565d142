import { z } from 'zod';
import { eventGroupRefSchema } from './events.js';

/*
 * A file of its own, not in shifts.ts: the group reference brings events.ts along, which the scheduling screen's
 * bundle does not otherwise load (2.4 KB gzipped, over its budget).
 */

/** The shift a cover request or an offered place is about: enough to show it (its times in the event's zone). */
export const shiftRefSchema = z.object({
  id: z.number(),
  title: z.string(),
  location: z.string(),
  startsAt: z.string(),
  endsAt: z.string(),
  group: eventGroupRefSchema.nullable(),
});
