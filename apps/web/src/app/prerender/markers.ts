/**
 * What the prerendered apply pages hold in place of the event (src/app/prerender/entry.tsx): the server puts the
 * event's id and name there when it sends the page (apps/server/src/plugins/web.ts, which repeats these values).
 */
export const PRERENDER_EVENT_ID = 987654321;
export const PRERENDER_EVENT_NAME = '\u2063EVENT_NAME\u2063';
