import { z } from 'zod';
import { groupFilterSchema, statusFilterSchema, weekFilterSchema } from './applications.js';
import { APPLICATION_STATUSES, FORM_FIELD_TYPES } from './constants.js';

/**
 * Statistics of an event: one call answers every chart of the screen. The filters are the
 * applications review's (status, groupId, week) plus a range of application days (from, to: YYYY-MM-DD, UTC,
 * both included).
 */

/** The form field types whose answers are counted per option. `checkbox` counts ticked and not ticked. */
export const STATISTICS_OPTION_FIELD_TYPES = ['select', 'radio', 'checkbox', 'checkboxes'] as const;
export type StatisticsOptionFieldType = (typeof STATISTICS_OPTION_FIELD_TYPES)[number];
/** The option values of a single `checkbox` field's counts. */
export const CHECKBOX_CHECKED = 'true';
export const CHECKBOX_UNCHECKED = 'false';

const blankAsMissing = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema);

/** A calendar day; refused unless it exists (2026-02-30 is not a day). */
export const statisticsDateSchema = z.iso.date({ error: 'error.statisticsDateInvalid' });

export const statisticsQuerySchema = z
  .object({
    status: blankAsMissing(statusFilterSchema.optional()),
    groupId: blankAsMissing(groupFilterSchema.optional()),
    week: blankAsMissing(weekFilterSchema.optional()),
    from: blankAsMissing(statisticsDateSchema.optional()),
    to: blankAsMissing(statisticsDateSchema.optional()),
  })
  .refine((query) => !query.from || !query.to || query.to >= query.from, {
    error: 'error.statisticsDateRange',
    path: ['to'],
  });
export type StatisticsQueryInput = z.input<typeof statisticsQuerySchema>;
export type StatisticsFilter = z.output<typeof statisticsQuerySchema>;

const statusCountSchema = z.object({ status: z.enum(APPLICATION_STATUSES), count: z.number() });

export const statisticsGroupSchema = z.object({
  /** null: applications without a group. */
  groupId: z.number().nullable(),
  groupName: z.string().nullable(),
  /** Applications matching the filter. */
  total: z.number(),
  byStatus: z.array(statusCountSchema),
  /** Accepted applications of the group matching the filter's group, week and days (any status filter aside). */
  accepted: z.number(),
  /** The group's wanted size; null when not set (and for "no group"). */
  wanted: z.number().nullable(),
});
export type StatisticsGroup = z.infer<typeof statisticsGroupSchema>;

export const statisticsOptionCountSchema = z.object({
  value: z.string(),
  /** The option's label in the form; null for a value the form no longer offers. */
  label: z.string().nullable(),
  count: z.number(),
});

export const statisticsFieldSchema = z.object({
  name: z.string(),
  label: z.string(),
  type: z.enum(FORM_FIELD_TYPES),
  /** Applications (matching the filter) that answered the field at all. */
  answered: z.number(),
  /** One entry per option of the form, in the form's order, then values the form no longer has. */
  options: z.array(statisticsOptionCountSchema),
});
export type StatisticsField = z.infer<typeof statisticsFieldSchema>;

export const statisticsResponseSchema = z.object({
  applications: z.object({
    total: z.number(),
    /** Every status, zero included, in the product's order. */
    byStatus: z.array(statusCountSchema),
    /** Every group of the event (by name), then "no group". */
    byGroup: z.array(statisticsGroupSchema),
    /** Per week-separation option (the configured labels); null when the event does not use week separation. */
    byWeek: z
      .object({
        label: z.string(),
        options: z.array(statisticsOptionCountSchema),
        /** Applications that chose none of the options. */
        none: z.number(),
      })
      .nullable(),
    /** Days with at least one application, oldest first; `cumulative` counts up to and including the day. */
    perDay: z.array(z.object({ date: z.string(), count: z.number(), cumulative: z.number() })),
  }),
  /** Members of the event now (the application filters do not apply). */
  members: z.object({
    total: z.number(),
    byRole: z.array(z.object({ roleLevel: z.union([z.literal(0), z.literal(1), z.literal(2)]), count: z.number() })),
    byGroup: z.array(
      z.object({
        groupId: z.number().nullable(),
        groupName: z.string().nullable(),
        count: z.number(),
      }),
    ),
  }),
  /** Each select, radio, checkbox and checkboxes field of the form: its answers counted per option. */
  fields: z.array(statisticsFieldSchema),
});
export type StatisticsResponse = z.infer<typeof statisticsResponseSchema>;
