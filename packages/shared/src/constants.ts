/** Limits and enumerations from the specification (sections 5, 6, 9). */
export const LIMITS = {
  EMAIL_MAXIMUM: 255,
  PASSWORD_MINIMUM: 7,
  PASSWORD_MAXIMUM: 255,
  NAME_MAXIMUM: 40,
  EVENT_NAME_MINIMUM: 3,
  EVENT_NAME_MAXIMUM: 255,
  PAGE_SIZE_DEFAULT: 25,
  PAGE_SIZE_MAXIMUM: 500,
} as const;

/** The largest avatar image (user or event), and the image types accepted (no SVG: it can carry script). */
export const AVATAR_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export const ROLE_LEVELS = { ADMIN: 0, GROUP_LEADER: 1, VOLUNTEER: 2 } as const;
export type RoleLevel = (typeof ROLE_LEVELS)[keyof typeof ROLE_LEVELS];
export const ROLE_LEVEL_VALUES = [0, 1, 2] as const;
export const ROLE_NAMES: Record<RoleLevel, 'admin' | 'groupLeader' | 'volunteer'> = {
  0: 'admin',
  1: 'groupLeader',
  2: 'volunteer',
};

export const APPLICATION_STATUSES = ['pending', 'staged', 'accepted', 'reserve', 'rejected', 'none'] as const;
export type ApplicationStatus = (typeof APPLICATION_STATUSES)[number];

export const EVENT_STATUSES = ['ongoing', 'completed'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];

export const FORM_FIELD_TYPES = [
  'text',
  'textarea',
  'email',
  'phone',
  'number',
  'date',
  'select',
  'radio',
  'checkbox',
  'checkboxes',
  'heading',
  'paragraph',
] as const;
export type FormFieldType = (typeof FORM_FIELD_TYPES)[number];

export const THEMES = ['LIGHT', 'DARK', 'NATURE'] as const;
export type ThemeName = (typeof THEMES)[number];

export const LANGUAGES = ['en', 'sv', 'no', 'da', 'de', 'fr', 'es', 'zh'] as const;
export type Language = (typeof LANGUAGES)[number];
/** Only these are offered in the language picker (spec section 1). */
export const PICKER_LANGUAGES = ['en', 'sv'] as const;

export const UI = {
  SIDEBAR_WIDTH: 280,
  TOP_BAR_HEIGHT: 64,
  MAX_SNACKBARS: 3,
  LANGUAGE_COOKIE: 'language',
  SETTINGS_STORAGE_KEY: 'settings',
  CSRF_STORAGE_KEY: 'csrf',
  PRODUCT_NAME: 'Funkis',
  REMOVE_CONFIRM_WORD: 'REMOVE',
} as const;
