import { z } from 'zod';
import { safeString } from './common.js';
import { APPLICATION_STATUSES } from './constants.js';
import { answerValueSchema, formFieldSchema } from './forms.js';

/** POST /api/event/{id}/apply. The answers are checked against the saved form by `validateAnswers`. */
export const applyBodySchema = z.object({
  answers: z.record(safeString().max(100), z.unknown()),
});
export type ApplyInput = z.infer<typeof applyBodySchema>;

export const applicationStateSchema = z.object({
  status: z.enum(APPLICATION_STATUSES),
  createdAt: z.string(),
});
export type ApplicationState = z.infer<typeof applicationStateSchema>;

/** GET /api/event/{id}/apply: everything the apply page shows, for any logged-in user. */
export const applyPageSchema = z.object({
  event: z.object({
    id: z.number(),
    name: z.string(),
    avatarUrl: z.string().nullable(),
    description: z.string(),
  }),
  form: z.object({ fields: z.array(formFieldSchema) }),
  applicationsOpen: z.boolean(),
  /** The caller's own application, when they have sent one. */
  application: applicationStateSchema.nullable(),
  /** The caller's membership of the event: a member cannot apply (409), the page shows this instead of the form. */
  membership: z
    .object({
      roleLevel: z.number().int().min(0).max(2),
      group: z.object({ id: z.number(), name: z.string() }).nullable(),
    })
    .nullable(),
});
export type ApplyPage = z.infer<typeof applyPageSchema>;

/**
 * GET /api/event/{id}/apply/preview: what the apply link shows a visitor who is not logged in (the event's name
 * and picture), only while the event takes applications (404 otherwise, as for a stranger's apply page).
 */
export const applyPreviewSchema = z.object({
  event: z.object({ id: z.number(), name: z.string(), avatarUrl: z.string().nullable() }),
});
export type ApplyPreview = z.infer<typeof applyPreviewSchema>;

export const appliedSchema = z.object({
  application: applicationStateSchema.extend({ id: z.number() }),
});
export type Applied = z.infer<typeof appliedSchema>;

/**
 * GET /api/event/{id}/applications/{applicationId}/answers: the current form's fields first (answer or null),
 * then answers to fields removed since, under the label they were answered with.
 */
export const applicationAnswersSchema = z.object({
  answers: z.array(
    z.object({
      name: z.string(),
      label: z.string(),
      value: answerValueSchema,
      removed: z.boolean(),
      /** The current field's options: the value an applicant chose is shown as the label they saw. */
      options: z.array(z.object({ value: z.string(), label: z.string() })).optional(),
    }),
  ),
});
export type ApplicationAnswers = z.infer<typeof applicationAnswersSchema>;
export type ApplicationAnswer = ApplicationAnswers['answers'][number];
