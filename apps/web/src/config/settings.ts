import { THEMES, UI } from '@funkis/shared';

/** Where the API lives; the Vite dev server proxies it to the Fastify server. */
export const API_BASE_URL = '/api';

/** Border radius of MUI shapes with "rounded corners" on, and off (MUI's default). */
export const ROUNDED_BORDER_RADIUS = 16;
export const SQUARE_BORDER_RADIUS = 4;

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export interface Settings {
  theme: (typeof THEMES)[number];
  direction: Direction;
  compact: boolean;
  roundedCorners: boolean;
  responsiveFontSizes: boolean;
}

// Checked by hand, not with zod: this runs before the first paint of every page, and zod would put its whole
// library into the entry chunk (decision 011).
const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    typeof value === 'string' && (values as readonly string[]).includes(value);
const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';
const settingChecks: { [K in keyof Settings]: (value: unknown) => boolean } = {
  theme: isOneOf(THEMES),
  direction: isOneOf(DIRECTIONS),
  compact: isBoolean,
  roundedCorners: isBoolean,
  responsiveFontSizes: isBoolean,
};

const prefersDark = () =>
  typeof window !== 'undefined' &&
  typeof window.matchMedia === 'function' &&
  window.matchMedia('(prefers-color-scheme: dark)').matches;

/** Spec section 9: compact, left-to-right, responsive fonts, rounded corners, light or dark as the system prefers. */
export function defaultSettings(): Settings {
  return {
    theme: prefersDark() ? 'DARK' : 'LIGHT',
    direction: 'ltr',
    compact: true,
    roundedCorners: true,
    responsiveFontSizes: true,
  };
}

/** Stored settings merged over the defaults; a broken or foreign value in storage is ignored field by field. */
export function loadSettings(): Settings {
  const defaults = defaultSettings();
  try {
    const raw = window.localStorage.getItem(UI.SETTINGS_STORAGE_KEY);
    if (!raw) return defaults;
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return defaults;
    const merged: Record<string, unknown> = { ...defaults };
    for (const [key, check] of Object.entries(settingChecks)) {
      const value = (parsed as Record<string, unknown>)[key];
      if (check(value)) merged[key] = value;
    }
    return merged as unknown as Settings;
  } catch {
    return defaults;
  }
}

export function saveSettings(settings: Settings): void {
  try {
    window.localStorage.setItem(UI.SETTINGS_STORAGE_KEY, JSON.stringify(settings));
  } catch {
    // Storage full or blocked (private mode): settings then last for this visit only.
  }
}
