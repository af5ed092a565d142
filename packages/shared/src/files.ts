import { z } from 'zod';
import { cleanText, pagingQuery, searchText } from './common.js';
import { FILE_SORTS, ROLE_LEVEL_VALUES, type RoleLevel } from './constants.js';
import { roleLevelSchema } from './events.js';

export const FILE_LIMITS = {
  NAME_MAXIMUM: 255,
  SEARCH_MAXIMUM: 100,
  /** Default of UPLOAD_MAX_BYTES (one file). */
  UPLOAD_MAX_BYTES_DEFAULT: 25 * 1024 * 1024,
  /** Default of EVENT_FILES_QUOTA_BYTES (all files of one event). */
  EVENT_QUOTA_BYTES_DEFAULT: 1024 * 1024 * 1024,
} as const;

/** Types a browser may show inline in the preview: checked by their first bytes on upload (docs/decisions/007). */
export const PREVIEW_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp', 'application/pdf'] as const;
export const isPreviewable = (mimeType: string): boolean => (PREVIEW_TYPES as readonly string[]).includes(mimeType);

export const fileNameSchema = cleanText({
  max: FILE_LIMITS.NAME_MAXIMUM,
  tooLong: 'files.nameTooLong',
  requiredCode: 'files.nameRequired',
}).refine((name) => !/[/\\]/.test(name), { error: 'files.nameInvalid' });

/** The roles that may see a file. Admins always may (they manage the files), so 0 is added when missing. */
const withAdmins = (levels: readonly RoleLevel[]): RoleLevel[] =>
  [...new Set<RoleLevel>([0, ...levels])].sort((a, b) => a - b);

export const fileRolesSchema = z
  .array(roleLevelSchema, { error: 'files.rolesInvalid' })
  .max(3, { error: 'files.rolesInvalid' })
  .transform(withAdmins);

/** The multipart field `roles`: role levels comma-separated, `0,1,2`. */
export const fileRolesFieldSchema = z
  .string({ error: 'files.rolesInvalid' })
  .max(20, { error: 'files.rolesInvalid' })
  .transform((text, context) => {
    const parts = text.split(',').map((part) => part.trim());
    const levels: RoleLevel[] = [];
    for (const part of parts) {
      const level = (ROLE_LEVEL_VALUES as readonly number[]).includes(Number(part)) && /^\d$/.test(part);
      if (!level) {
        context.addIssue({ code: 'custom', message: 'files.rolesInvalid' });
        return z.NEVER;
      }
      levels.push(Number(part) as RoleLevel);
    }
    return withAdmins(levels);
  });

export const updateFileSchema = z
  .object({ name: fileNameSchema.optional(), roles: fileRolesSchema.optional() })
  .refine((input) => input.name !== undefined || input.roles !== undefined, { error: 'error.badRequest' });
export type UpdateFileInput = z.infer<typeof updateFileSchema>;

export const filesListQuerySchema = pagingQuery.extend({
  search: searchText(FILE_LIMITS.SEARCH_MAXIMUM),
  sort: z.enum(FILE_SORTS, { error: 'error.invalid' }).default('-createdAt'),
});
export type FilesListQuery = z.infer<typeof filesListQuerySchema>;

export const eventFileSchema = z.object({
  id: z.number(),
  name: z.string(),
  mimeType: z.string(),
  size: z.number(),
  uploadedBy: z.object({ id: z.number(), firstname: z.string(), lastname: z.string() }).nullable(),
  roles: z.array(roleLevelSchema),
  createdAt: z.string(),
  updatedAt: z.string().nullable(),
  /** An image or a PDF the browser may show inline. */
  previewable: z.boolean(),
});
export type EventFile = z.infer<typeof eventFileSchema>;

export const filesUsageSchema = z.object({ usedBytes: z.number(), quotaBytes: z.number() });
export type FilesUsage = z.infer<typeof filesUsageSchema>;

export const filesListResponseSchema = z.object({
  files: z.array(eventFileSchema),
  total: z.number(),
  /** Admins only: the space the event's files take and its quota. */
  usage: filesUsageSchema.nullable(),
});
export type FilesListResponse = z.infer<typeof filesListResponseSchema>;

export const downloadQuerySchema = z.object({
  /** `1`: shown in the browser (images and PDFs only); otherwise an attachment. */
  inline: z.enum(['0', '1']).optional(),
});
