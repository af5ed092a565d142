import { THEMES, UI } from '@funkis/shared';
import { z } from 'zod';

/** Where the API lives; the Vite dev server proxies it to the Fastify server. */
export const API_BASE_URL = '/api';

/** Border radius of MUI shapes with "rounded corners" on, and off (MUI's default). */
export const ROUNDED_BORDER_RADIUS = 16;
export const SQUARE_BORDER_RADIUS = 4;

export const DIRECTIONS = ['ltr', 'rtl'] as const;
export type Direction = (typeof DIRECTIONS)[number];

export const settingsSchema = z.object({
  theme: z.enum(THEMES),
  direction: z.enum(DIRECTIONS),
  compact: z.boolean(),
  roundedCorners: z.boolean(),
  responsiveFontSizes: z.boolean(),
});
export type Settings = z.infer<typeof settingsSchema>;

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
    for (const [key, field] of Object.entries(settingsSchema.shape)) {
      const value = (parsed as Record<string, unknown>)[key];
      if (field.safeParse(value).success) merged[key] = value;
    }
    return settingsSchema.parse(merged);
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
