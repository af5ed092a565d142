import { z } from 'zod';
import { cleanText, idSchema } from './common.js';
import { APPLICATION_STATUSES, MAIL_SYSTEM_LABELS, ROLE_LEVEL_VALUES } from './constants.js';
import { hasOnlyAllowedCharacters } from './text.js';

/** E-mail to members: the same schemas for the server routes and the web screens. */

export const MAIL_LIMITS = {
  SUBJECT_MAXIMUM: 200,
  MESSAGE_MAXIMUM: 20_000,
  /** Deepest nesting of tags a rich-text message may have as written (docs/decisions/021). */
  HTML_DEPTH_MAXIMUM: 200,
  RECEIVERS_MAXIMUM: 10_000,
  LABEL_NAME_MAXIMUM: 40,
  /** How many receivers the compose preview lists by name. */
  PREVIEW_SIZE: 50,
  ID_LIST_MAXIMUM: 10_000,
  /** Event files one e-mail may link to. */
  ATTACHMENTS_MAXIMUM: 20,
  /** Bounds of an event's sending rate (messages a minute). */
  RATE_MINIMUM: 1,
  RATE_MAXIMUM: 1000,
} as const;

/** `text`: plain text; `html`: rich text, sanitised by the server with an allow-list before it is stored. */
export const MAIL_FORMATS = ['text', 'html'] as const;
export type MailFormat = (typeof MAIL_FORMATS)[number];

const mailId = idSchema;

/** The states one receiver's copy goes through (docs/decisions/008). */
export const MAIL_RECEIVER_STATES = ['queued', 'sending', 'sent', 'failed'] as const;
export type MailReceiverState = (typeof MAIL_RECEIVER_STATES)[number];

/**
 * Who gets an e-mail. Kinds narrow each other (and), the choices within a kind widen it (or): `groupIds: [Bar]` with
 * `applicationStatuses: ['accepted']` is the accepted applicants of Bar. With a status the group is the application's,
 * without one the membership's. `userIds` (chosen by name) are added to that. An empty filter names nobody.
 */
export const mailReceiverFilterSchema = z.object({
  roleLevels: z
    .array(z.union([z.literal(0), z.literal(1), z.literal(2)]))
    .max(ROLE_LEVEL_VALUES.length)
    .optional(),
  groupIds: z.array(mailId).max(1000).optional(),
  applicationStatuses: z.array(z.enum(APPLICATION_STATUSES)).max(APPLICATION_STATUSES.length).optional(),
  userIds: z.array(mailId).max(MAIL_LIMITS.ID_LIST_MAXIMUM).optional(),
});
export type MailReceiverFilter = z.infer<typeof mailReceiverFilterSchema>;

export const sendMailSchema = z.object({
  receivers: mailReceiverFilterSchema,
  subject: cleanText({
    max: MAIL_LIMITS.SUBJECT_MAXIMUM,
    requiredCode: 'mail.subjectRequired',
    tooLong: 'mail.subjectTooLong',
  }),
  message: cleanText({
    max: MAIL_LIMITS.MESSAGE_MAXIMUM,
    requiredCode: 'mail.messageRequired',
    tooLong: 'mail.messageTooLong',
  }),
  format: z.enum(MAIL_FORMATS).default('text'),
  /** Event files to link to; each receiver opens them through the files' own download (their role checked). */
  fileIds: z.array(mailId).max(MAIL_LIMITS.ATTACHMENTS_MAXIMUM, { error: 'mail.tooManyFiles' }).default([]),
});
export type SendMailInput = z.input<typeof sendMailSchema>;

/** An event file an e-mail links to; `url` is the file's download address (relative to the site). */
export const mailAttachmentSchema = z.object({ fileId: z.number(), name: z.string(), url: z.string() });
export type MailAttachment = z.infer<typeof mailAttachmentSchema>;

export const mailReceiverSchema = z.object({
  userId: z.number().nullable(),
  email: z.string(),
  name: z.string(),
  state: z.enum(MAIL_RECEIVER_STATES),
  attempts: z.number(),
  /** The mail server's answer when delivery failed or is being retried. */
  error: z.string().nullable(),
  reason: z.string(),
});
export type MailReceiver = z.infer<typeof mailReceiverSchema>;

export const mailStateCountsSchema = z.object({
  queued: z.number(),
  sending: z.number(),
  sent: z.number(),
  failed: z.number(),
});
export type MailStateCounts = z.infer<typeof mailStateCountsSchema>;

const mailCommon = {
  id: z.number(),
  from: z.object({ userId: z.number().nullable(), name: z.string(), email: z.string() }),
  /** The receiver filter the sender chose. */
  to: mailReceiverFilterSchema,
  subject: z.string(),
  createdAt: z.string(),
  labelIds: z.array(z.number()),
  counts: mailStateCountsSchema,
};

/** One e-mail in a folder list: no message body, no receiver list; `isRead`: the caller has opened it. */
export const mailSummarySchema = z.object({ ...mailCommon, preview: z.string(), isRead: z.boolean() });
export type MailSummary = z.infer<typeof mailSummarySchema>;

export const mailSchema = z.object({
  ...mailCommon,
  /** Plain text, or (format `html`) HTML the server sanitised before storing it. */
  message: z.string(),
  format: z.enum(MAIL_FORMATS),
  attachments: z.array(mailAttachmentSchema),
  receivers: z.array(mailReceiverSchema),
});
export type Mail = z.infer<typeof mailSchema>;

/**
 * The spec's folder call names both keys; a client that always sends both leaves the one it does not mean empty
 * (`?customLabel=&systemLabel=sent`), so an empty value is the same as an absent one.
 */
const emptyAsAbsent = <T extends z.ZodType>(schema: T) =>
  z.union([z.literal('').transform(() => undefined), schema]).optional();
export const mailListQuerySchema = z.object({
  customLabel: emptyAsAbsent(mailId),
  systemLabel: emptyAsAbsent(z.enum(MAIL_SYSTEM_LABELS)),
});
export const mailListResponseSchema = z.object({ emails: z.array(mailSummarySchema) });
export const mailResponseSchema = z.object({ email: mailSchema });

export const mailLabelSchema = z.object({
  id: z.union([z.number(), z.enum(MAIL_SYSTEM_LABELS)]),
  name: z.string(),
  type: z.enum(['system_label', 'custom_label']),
  color: z.string().optional(),
  totalCount: z.number(),
  unreadCount: z.number(),
});
export type MailLabel = z.infer<typeof mailLabelSchema>;
export const mailLabelsResponseSchema = z.object({ labels: z.array(mailLabelSchema) });

export const createMailLabelSchema = z.object({
  name: cleanText({
    max: MAIL_LIMITS.LABEL_NAME_MAXIMUM,
    requiredCode: 'mail.labelNameRequired',
    tooLong: 'mail.labelNameTooLong',
  }),
  color: z
    .string()
    .regex(/^#[0-9a-fA-F]{6}$/, { error: 'mail.labelColorInvalid' })
    .default('#1976d2'),
});
export type CreateMailLabelInput = z.input<typeof createMailLabelSchema>;
export const mailLabelResponseSchema = z.object({ label: mailLabelSchema });

/** The custom labels an e-mail has afterwards (replaces the set). */
export const setMailLabelsSchema = z.object({ labelIds: z.array(mailId).max(100) });

/** The compose screen's question: who gets it, and which of the picked files some of them cannot open. */
export const mailPreviewRequestSchema = z.object({
  receivers: mailReceiverFilterSchema,
  fileIds: z.array(mailId).max(MAIL_LIMITS.ATTACHMENTS_MAXIMUM, { error: 'mail.tooManyFiles' }).default([]),
});
export type MailPreviewRequest = z.infer<typeof mailPreviewRequestSchema>;

/** The compose screen's live count and preview. */
export const mailPreviewResponseSchema = z.object({
  total: z.number(),
  receivers: z.array(z.object({ userId: z.number(), name: z.string(), email: z.string(), reason: z.string() })),
  ratePerMinute: z.number(),
  /** How long delivery of this many takes at the event's rate, counting mail already waiting. */
  estimatedSeconds: z.number(),
  /** Picked files that some receivers' roles may not open (their link answers 404 for them). */
  attachmentWarnings: z.array(z.object({ fileId: z.number(), name: z.string(), receiversWithoutAccess: z.number() })),
});
export type MailPreview = z.infer<typeof mailPreviewResponseSchema>;

/** People of the event one may pick by name: members and applicants. */
export const mailCandidatesQuerySchema = z.object({
  search: z.string().max(100).refine(hasOnlyAllowedCharacters, { error: 'error.invalidCharacters' }).default(''),
});
export const mailCandidatesResponseSchema = z.object({
  candidates: z.array(
    z.object({
      userId: z.number(),
      name: z.string(),
      email: z.string(),
      roleLevel: z.number().nullable(),
      applicationStatus: z.enum(APPLICATION_STATUSES).nullable(),
    }),
  ),
});
export type MailCandidate = z.infer<typeof mailCandidatesResponseSchema>['candidates'][number];

/** The event's mail settings: its sending rate, and the server's default and bounds. */
export const mailSettingsSchema = z.object({
  ratePerMinute: z.number(),
  defaultRatePerMinute: z.number(),
  minimum: z.number(),
  maximum: z.number(),
});
export type MailSettings = z.infer<typeof mailSettingsSchema>;
export const mailSettingsResponseSchema = z.object({ settings: mailSettingsSchema });

export const updateMailSettingsSchema = z.object({
  ratePerMinute: z
    .number({ error: 'mail.rateInvalid' })
    .int({ error: 'mail.rateInvalid' })
    .min(MAIL_LIMITS.RATE_MINIMUM, { error: 'mail.rateInvalid' })
    .max(MAIL_LIMITS.RATE_MAXIMUM, { error: 'mail.rateInvalid' }),
});
export type UpdateMailSettingsInput = z.infer<typeof updateMailSettingsSchema>;
