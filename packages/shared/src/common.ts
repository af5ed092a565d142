import { z } from 'zod';
import { LIMITS } from './constants.js';
import type { MessageKey } from './messages/index.js';
import { hasOnlyAllowedCharacters, isBlankText, visibleLength } from './text.js';

/** The largest id the databases hold (PostgreSQL `integer`): anything above names nothing. */
export const MAX_ID = 2_147_483_647;

/** Every id in a path, query or body: a positive integer within the databases' bound. */
export const idSchema = z.coerce
  .number({ error: 'error.idInvalid' })
  .int({ error: 'error.idInvalid' })
  .positive({ error: 'error.idInvalid' })
  .max(MAX_ID, { error: 'error.idInvalid' });
/** @deprecated the same as idSchema */
export const idParam = idSchema;

/**
 * Every text a client sends: normalised to NFC, NUL and bidi controls refused (400, never a PostgreSQL 500).
 * Chain `.trim()`, `.min()`, `.max()` as on z.string().
 */
export const safeString = (error?: MessageKey) =>
  z
    .string(error ? { error } : undefined)
    .normalize('NFC')
    .refine(hasOnlyAllowedCharacters, { error: 'error.invalidCharacters', abort: true });

/** A name: a safe string with at least `min` visible characters (invisible ones do not count). */
export const visibleAtLeast = (min: number) => (text: string) => visibleLength(text) >= min;

export interface TextRules {
  max: number;
  /** Refuse empty and invisible-only values (default true). */
  required?: boolean;
  min?: number;
  tooLong?: MessageKey;
  tooShort?: MessageKey;
  requiredCode?: MessageKey;
}

/**
 * Free text from a user: normalised to NFC (so "Kök" typed two ways is one name), trimmed, refused with a
 * 400 when it holds NUL or bidi controls, when it is longer than `max`, and (when required) when nothing
 * visible is left. Line breaks inside are kept.
 */
export function cleanText(rules: TextRules) {
  const { max, min, required = true } = rules;
  const requiredCode = rules.requiredCode ?? 'error.blank';
  let schema = z
    .string({ error: required ? requiredCode : 'error.invalid' })
    .normalize('NFC')
    .trim()
    .max(max, { error: rules.tooLong ?? 'error.textTooLong' });
  if (min !== undefined) schema = schema.min(min, { error: rules.tooShort ?? 'error.invalid' });
  return schema
    .refine(hasOnlyAllowedCharacters, { error: 'error.invalidCharacters', abort: true })
    .refine((text) => !required || !isBlankText(text), { error: requiredCode });
}

/** Optional free text (a description): missing becomes '', the same character rules as cleanText. */
export const optionalText = (max: number, tooLong?: MessageKey) =>
  cleanText({ max, required: false, tooLong }).default('');

/** A short free-text filter (search): NUL and bidi controls refused, blank treated as missing. */
export const searchText = (max: number) =>
  z.preprocess(
    (value) => (typeof value === 'string' && isBlankText(value) ? undefined : value),
    cleanText({ max, required: false }).optional(),
  );

export const pagingQuery = z.object({
  page: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(LIMITS.PAGE_SIZE_MAXIMUM).default(LIMITS.PAGE_SIZE_DEFAULT),
});

export const errorEnvelope = z.object({
  success: z.literal(false),
  errorMessages: z.array(z.string()),
  errors: z
    .array(
      z.object({
        code: z.string(),
        params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
        field: z.string().optional(),
      }),
    )
    .optional(),
  fieldErrors: z.record(z.string(), z.string()).optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelope>;

/** Every successful POST or DELETE answers with these two. */
export const mutationOk = z.object({ success: z.literal(true), _csrf: z.string() });
