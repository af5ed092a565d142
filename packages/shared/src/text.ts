/** Rules for every text a client sends, without zod: the schemas (common.ts) and the form checks use them. */

// NUL breaks PostgreSQL text; bidi overrides and isolates make "gnp.exe" read "exe.png".
// biome-ignore lint/suspicious/noControlCharactersInRegex: NUL is one of the characters refused here
const FORBIDDEN_CHARACTERS = /[\u0000\u202A-\u202E\u2066-\u2069]/u;
// White space and the characters that render as nothing (zero-width, joiners, fillers, variation selectors, BOM).
const INVISIBLE_CHARACTERS =
  // biome-ignore lint/suspicious/noMisleadingCharacterClass: each invisible character is matched on its own
  /[\s\u00AD\u034F\u061C\u115F\u1160\u17B4\u17B5\u180B-\u180F\u200B-\u200F\u2028-\u202F\u205F-\u206F\u3000\u3164\uFE00-\uFE0F\uFEFF\uFFA0]/gu;

/** True when the text has no NUL and no bidirectional control characters. */
export const hasOnlyAllowedCharacters = (text: string): boolean => !FORBIDDEN_CHARACTERS.test(text);
/** True when nothing would be visible: empty, white space or invisible characters only. */
export const isBlankText = (text: string): boolean => text.replace(INVISIBLE_CHARACTERS, '') === '';

/** Visible characters only: what a length limit for names counts (three zero-width spaces are no name). */
export const visibleLength = (text: string): number => [...text.replace(INVISIBLE_CHARACTERS, '')].length;
