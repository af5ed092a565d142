import { z } from 'zod';
import { EVENT_STATUSES, LIMITS } from './constants.js';
import type { Answers } from './forms.js';

export const weekSeparationConfigSchema = z.object({
  formFieldName: z.string().min(1).max(100),
  filterLabel: z.string().trim().min(1).max(100),
  columnLabel: z.string().trim().min(1).max(100),
  options: z
    .array(z.object({ value: z.string().trim().min(1).max(100), label: z.string().trim().min(1).max(200) }))
    .min(1)
    .max(20),
});
export type WeekSeparationConfig = z.infer<typeof weekSeparationConfigSchema>;

export const eventNameField = z
  .string()
  .trim()
  .min(LIMITS.EVENT_NAME_MINIMUM, { error: 'error.eventNameTooShort' })
  .max(LIMITS.EVENT_NAME_MAXIMUM, { error: 'error.eventNameTooLong' });

export const eventSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  avatarUrl: z.string().nullable(),
  status: z.enum(EVENT_STATUSES),
  applicationsOpen: z.boolean(),
  useWeekSeparation: z.boolean(),
  weekSeparationConfig: weekSeparationConfigSchema.nullable(),
  startsAt: z.string().nullable(),
  endsAt: z.string().nullable(),
});
export type Event = z.infer<typeof eventSchema>;

/**
 * The week-separation option an application's answers select: the configured field's value when it is one of
 * the options; for a multiple-choice field, the first option (in configured order) that was ticked.
 */
export function weekOfAnswers(answers: Answers, config: WeekSeparationConfig | null): string | null {
  if (!config) return null;
  const answer = answers[config.formFieldName];
  const chosen = Array.isArray(answer) ? answer : answer === null || answer === undefined ? [] : [String(answer)];
  return config.options.find((option) => chosen.includes(option.value))?.value ?? null;
}
