import { z } from 'zod';
import { FORM_FIELD_TYPES } from './constants.js';

export const formFieldOptionSchema = z.object({
  value: z.string().trim().min(1).max(100),
  label: z.string().trim().min(1).max(200),
});

export const formFieldSchema = z.object({
  /** Stable and unique in the form (`form-field-custom-<n>` for new fields): answers and settings point at it. */
  name: z
    .string()
    .min(1)
    .max(100)
    .regex(/^[a-z0-9][a-z0-9-_]*$/i),
  type: z.enum(FORM_FIELD_TYPES),
  label: z.string().trim().max(500),
  description: z.string().max(2000).optional(),
  required: z.boolean().default(false),
  options: z.array(formFieldOptionSchema).max(100).optional(),
});
export type FormField = z.infer<typeof formFieldSchema>;
export type FormFieldOption = z.infer<typeof formFieldOptionSchema>;

export const formFieldsSchema = z.array(formFieldSchema).max(200);

/** Field types that hold no answer: they only structure the form. */
export const DISPLAY_ONLY_FIELD_TYPES = ['heading', 'paragraph'] as const;
export const OPTION_FIELD_TYPES = ['select', 'radio', 'checkboxes'] as const;

export const answerValueSchema = z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.null()]);
export type AnswerValue = z.infer<typeof answerValueSchema>;
export type Answers = Record<string, AnswerValue>;
