/**
 * One entry of the message catalogue: the English and Swedish text (with `{name}` placeholders) and the
 * parameters a schema fixes (a maximum length). Other languages fall back to English until translated.
 */
export interface MessageEntry {
  en: string;
  sv: string;
  params?: Readonly<Record<string, string | number>>;
}

/** Keeps the literal keys of an area's messages while checking that each has both languages. */
export const defineMessages = <const T extends Record<string, MessageEntry>>(entries: T): T => entries;
