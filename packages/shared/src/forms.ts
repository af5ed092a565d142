import { z } from 'zod';
import { safeString } from './common.js';
import { FORM_FIELD_TYPES } from './constants.js';

export const formFieldOptionSchema = z.object({
  value: safeString().trim().min(1).max(100),
  label: safeString().trim().min(1).max(200),
});

export const formFieldSchema = z.object({
  /** Stable and unique in the form (`form-field-custom-<n>` for new fields): answers and settings point at it. */
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-_]*$/i),
  type: z.enum(FORM_FIELD_TYPES),
  label: safeString().trim().max(500),
  description: safeString().max(2000).optional(),
  required: z.boolean().default(false),
  options: z.array(formFieldOptionSchema).max(100).optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldOption = z.infer<typeof formFieldOptionSchema>;

export const formFieldsSchema = z.array(formFieldSchema).max(200);

export const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue>;

/** What the builder saves. `updatedAt`, when given, must still be the saved form's: two admins never overwrite each other unseen. */
export const saveFormSchema = z.object({
  fields: formFieldsSchema,
  updatedAt: z.string().max(40).nullable().optional(),
});
export type SaveFormInput = z.infer<typeof saveFormSchema>;

/** The form as the builder loads it. `nextFieldNumber` is the n to use for the next new `form-field-custom-<n>`. */
export const eventFormSchema = z.object({
  fields: z.array(formFieldSchema),
  updatedAt: z.string().nullable(),
  nextFieldNumber: z.number().int().positive(),
});
export type EventForm = z.infer<typeof eventFormSchema>;
