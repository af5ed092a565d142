import type { NotificationKind, PushPayload } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';

type Texts = { title: string; body: string };

/**
 * What each push notice says, in English and Swedish, with `{name}` placeholders; the same texts make the
 * e-mail sent instead to people without push for that kind.
 */
export const pushTexts = {
  'push.shiftReminder': {
    en: { title: 'Shift soon: {shift}', body: '{when} – {event}' },
    sv: { title: 'Snart pass: {shift}', body: '{when} – {event}' },
  },
  'push.shiftChange': {
    en: { title: 'Your shift changed: {shift}', body: '{when} – {event}' },
    sv: { title: 'Ditt pass har ändrats: {shift}', body: '{when} – {event}' },
  },
  'push.shiftMoved': {
    en: { title: 'Your shift moved to: {shift}', body: '{when} – {event}' },
    sv: { title: 'Ditt pass har flyttats till: {shift}', body: '{when} – {event}' },
  },
  'push.shiftCancelled': {
    en: { title: 'Shift cancelled: {shift}', body: '{when} – {event}' },
    sv: { title: 'Passet är inställt: {shift}', body: '{when} – {event}' },
  },
  'push.shiftUnassigned': {
    en: { title: 'You are no longer on: {shift}', body: '{when} – {event}' },
    sv: { title: 'Du är inte längre med på: {shift}', body: '{when} – {event}' },
  },
  'push.coverRequest': {
    en: { title: 'Can you cover a shift?', body: '{shift}, {when} – {event}' },
    sv: { title: 'Kan du ta ett pass?', body: '{shift}, {when} – {event}' },
  },
  'push.waitlistPlace': {
    en: { title: 'A place is free: {shift}', body: '{when} – {event}' },
    sv: { title: 'En plats är ledig: {shift}', body: '{when} – {event}' },
  },
  'push.wishRoundPublished': {
    en: { title: 'Your shifts from {round}', body: '{count} shifts – {event}' },
    sv: { title: 'Dina pass från {round}', body: '{count} pass – {event}' },
  },
  'push.handoverTaken': {
    en: { title: 'The place is yours: {shift}', body: '{when} – {event}' },
    sv: { title: 'Platsen är din: {shift}', body: '{when} – {event}' },
  },
  'push.handoverGiven': {
    en: { title: 'Your place was taken over: {shift}', body: '{when} – {event}' },
    sv: { title: 'Din plats har tagits över: {shift}', body: '{when} – {event}' },
  },
  'push.handoverPending': {
    en: { title: 'A hand-over waits for approval: {shift}', body: '{when} – {event}' },
    sv: { title: 'En överlämning väntar på godkännande: {shift}', body: '{when} – {event}' },
  },
  'push.handoverDeclined': {
    en: { title: 'Hand-over declined: {shift}', body: '{when} – {event}' },
    sv: { title: 'Överlämningen avböjdes: {shift}', body: '{when} – {event}' },
  },
} satisfies Record<string, Record<MailLanguage, Texts>>;

export type PushMessageKey = keyof typeof pushTexts;

/** A notice before it is written in its reader's language: a text key and its parameters. */
export interface PushMessage {
  key: PushMessageKey;
  params: Record<string, string | number>;
}

/** The push services take at most 4,096 bytes encrypted; the payload stays within 3 KB. */
export const PAYLOAD_MAXIMUM_BYTES = 3 * 1024;

const fill = (template: string, params: PushMessage['params']) =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (name in params ? String(params[name]) : whole));

export function renderMessage(message: PushMessage, language: MailLanguage): Texts {
  const texts = pushTexts[message.key][language];
  return { title: fill(texts.title, message.params), body: fill(texts.body, message.params) };
}

/** The JSON the device's service worker gets; a long body is shortened so the whole stays within 3 KB. */
export function payloadOf(texts: Texts, url: string, kind: NotificationKind): string {
  const title = [...texts.title].slice(0, 200).join('');
  const write = (body: string) => JSON.stringify({ title, body, url, kind } satisfies PushPayload);
  let characters = [...texts.body];
  let payload = write(texts.body);
  while (Buffer.byteLength(payload) > PAYLOAD_MAXIMUM_BYTES && characters.length > 0) {
    characters = characters.slice(0, -50);
    payload = write(`${characters.join('')}…`);
  }
  return payload;
}

/** The e-mail that stands in for a push notice. */
export function noticeMail(
  texts: Texts,
  context: { language: MailLanguage; firstname: string; link: string; settingsLink: string },
): { subject: string; text: string } {
  const sv = context.language === 'sv';
  const lines = [
    `${sv ? 'Hej' : 'Hello'} ${context.firstname},`,
    '',
    texts.title,
    texts.body,
    '',
    context.link,
    '',
    sv
      ? `Du får detta som e-post från Funkis eftersom du inte tar emot push-meddelanden av det här slaget. Du väljer i dina kontoinställningar: ${context.settingsLink}`
      : `You get this by e-mail from Funkis because you do not receive push messages of this kind. You choose in your account settings: ${context.settingsLink}`,
  ];
  return { subject: texts.title, text: lines.join('\n') };
}
