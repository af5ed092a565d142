import { accountMessages } from './account.js';
import { applicationsMessages } from './applications.js';
import { commonMessages } from './common.js';
import { coverMessages } from './cover.js';
import type { MessageEntry } from './define.js';
import { eventDayMessages } from './event-day.js';
import { eventsMessages } from './events.js';
import { feedMessages } from './feed.js';
import { filesMessages } from './files.js';
import { formsMessages } from './forms.js';
import { handoverMessages } from './handover.js';
import { mailMessages } from './mail.js';
import { pushMessages } from './push.js';
import { schedulingMessages } from './scheduling.js';
import { schedulingPlanningMessages } from './scheduling-planning.js';
import { statisticsMessages } from './statistics.js';
import { wishRoundsMessages } from './wish-rounds.js';

export { defineMessages, type MessageEntry } from './define.js';

/**
 * The one message catalogue: every error and validation text a user can read, by stable key. Schemas use the
 * key as their message; the server answers `errors: [{ code, params }]` with these keys (and the English text
 * in `errorMessages` for clients without translations); the web app translates by key. Each area keeps its
 * messages in its own file: add a line here for a new one.
 */
export const catalogue = {
  ...commonMessages,
  ...accountMessages,
  ...eventsMessages,
  ...formsMessages,
  ...applicationsMessages,
  ...schedulingMessages,
  ...schedulingPlanningMessages,
  ...statisticsMessages,
  ...mailMessages,
  ...feedMessages,
  ...filesMessages,
  ...eventDayMessages,
  ...pushMessages,
  ...coverMessages,
  ...wishRoundsMessages,
  ...handoverMessages,
} satisfies Record<string, MessageEntry>;

export type MessageKey = keyof typeof catalogue;
export type MessageParams = Record<string, string | number>;

/** A message as the API sends it: its key and the values of its placeholders. */
export interface CodedMessage {
  code: MessageKey;
  params?: MessageParams;
  /** The field it belongs to, when it is about one field of the payload. */
  field?: string;
}

export const MESSAGE_LANGUAGES = ['en', 'sv'] as const;
export type MessageLanguage = (typeof MESSAGE_LANGUAGES)[number];

export function isMessageKey(value: string): value is MessageKey {
  return Object.hasOwn(catalogue, value);
}

/** The parameters a key always has (schema limits), overridden by the given ones. */
export function messageParams(key: MessageKey, params?: MessageParams): MessageParams {
  return { ...(catalogue[key] as MessageEntry).params, ...params };
}

export const fillPlaceholders = (template: string, values: MessageParams): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in values ? String(values[name]) : whole));

/** The text of a key in a language (English by default), placeholders filled. */
export function messageText(key: MessageKey, params?: MessageParams, language: MessageLanguage = 'en'): string {
  const entry = catalogue[key] as MessageEntry;
  return fillPlaceholders(entry[language], messageParams(key, params));
}
