import type { ApplicationStatus } from '@funkis/shared';
import { escapeHtml } from '../../lib/escape-html.js';
import type { MailLanguage } from '../../lib/language.js';
import type { ReceiverReason, StoredCopy } from './repository.js';

export type { MailLanguage };

const ROLE_WORDS: Record<MailLanguage, Record<number, string>> = {
  en: { 0: 'an admin', 1: 'a group leader', 2: 'a volunteer' },
  sv: { 0: 'administratör', 1: 'gruppledare', 2: 'volontär' },
};

const STATUS_WORDS: Record<MailLanguage, Record<ApplicationStatus, string>> = {
  en: {
    pending: 'pending',
    staged: 'staged',
    accepted: 'accepted',
    reserve: 'reserve',
    rejected: 'rejected',
    none: 'none',
  },
  sv: {
    pending: 'väntande',
    staged: 'förberedd',
    accepted: 'antagen',
    reserve: 'reserv',
    rejected: 'avslagen',
    none: 'ingen',
  },
};

/** Why a receiver gets an event e-mail, as the footer says it. */
export function reasonText(reason: ReceiverReason, language: MailLanguage): string {
  if (language === 'sv') {
    switch (reason.kind) {
      case 'role':
        return reason.groupName !== undefined
          ? `du är ${ROLE_WORDS.sv[reason.roleLevel]} i gruppen ${reason.groupName}`
          : `du är ${ROLE_WORDS.sv[reason.roleLevel]} i evenemanget`;
      case 'group':
        return `du är med i gruppen ${reason.groupName}`;
      case 'application':
        return reason.groupName !== undefined
          ? `din ansökan till gruppen ${reason.groupName} har status ${STATUS_WORDS.sv[reason.status]}`
          : `din ansökan har status ${STATUS_WORDS.sv[reason.status]}`;
      case 'chosen':
        return 'avsändaren valde dig som mottagare';
    }
  }
  switch (reason.kind) {
    case 'role':
      return reason.groupName !== undefined
        ? `you are ${ROLE_WORDS.en[reason.roleLevel]} in the group ${reason.groupName}`
        : `you are ${ROLE_WORDS.en[reason.roleLevel]} of the event`;
    case 'group':
      return `you are a member of the group ${reason.groupName}`;
    case 'application':
      return reason.groupName !== undefined
        ? `your application to the group ${reason.groupName} is ${STATUS_WORDS.en[reason.status]}`
        : `your application's status is ${STATUS_WORDS.en[reason.status]}`;
    case 'chosen':
      return 'the sender chose you as a receiver';
  }
}

/** An event file the e-mail links to, with its absolute download address. */
export interface LinkedFile {
  name: string;
  url: string;
}

function footerText(input: { senderName: string; eventName: string; reason: string; language: MailLanguage }) {
  return input.language === 'sv'
    ? `${input.senderName} skickade detta e-postmeddelande från evenemanget ”${input.eventName}” i Funkis. Du får det eftersom ${input.reason}.`
    : `${input.senderName} sent this e-mail from the event "${input.eventName}" in Funkis. You get it because ${input.reason}.`;
}

/**
 * The display name of mail a person sends through Funkis (event mail, invitations): theirs, with Funkis beside it,
 * so the reader sees whose message it is and that it came through Funkis before opening it (docs/decisions/022).
 */
export const viaFunkis = (personName: string) => `${personName.replace(/[\r\n"<>]/g, ' ').slice(0, 120)} via Funkis`;

/** An event's name quoted for a subject or a first line: in quotes, and cut at 80 characters. */
export const quotedEventName = (name: string, language: MailLanguage) => {
  const short = [...name].length > 80 ? `${[...name].slice(0, 79).join('')}…` : name;
  return language === 'sv' ? `”${short}”` : `“${short}”`;
};

/** The first line of an event mail: who sent it from which event, before anything the sender wrote. */
function headerText(input: { senderName: string; eventName: string; language: MailLanguage }) {
  const event = quotedEventName(input.eventName, input.language);
  return input.language === 'sv'
    ? `${input.senderName} skickade dig detta meddelande från evenemanget ${event} i Funkis.`
    : `${input.senderName} sent you this message from the event ${event} on Funkis.`;
}

const filesHeading = (language: MailLanguage) => (language === 'sv' ? 'Filer' : 'Files');
const filesNote = (language: MailLanguage) =>
  language === 'sv' ? '(logga in i Funkis för att öppna dem)' : '(log in to Funkis to open them)';

/**
 * The text body of one receiver's copy: the message with `{firstname}` filled in, the linked files, and a
 * footer saying who sent it and why the receiver gets it. For rich text `message` is its plain-text form.
 */
export function eventMailBody(input: {
  message: string;
  firstname: string;
  senderName: string;
  eventName: string;
  reason: string;
  language: MailLanguage;
  files?: LinkedFile[];
}): string {
  const body = input.message.replaceAll('{firstname}', input.firstname);
  const files = input.files?.length
    ? `\n\n${filesHeading(input.language)} ${filesNote(input.language)}:\n${input.files.map((file) => `- ${file.name}: ${file.url}`).join('\n')}`
    : '';
  return `${headerText(input)}\n\n${body}${files}\n\n-- \n${footerText(input)}\n`;
}

/** The HTML part of one receiver's copy of a rich-text e-mail; `html` is the stored, sanitised message. */
export function eventMailHtml(input: {
  html: string;
  firstname: string;
  senderName: string;
  eventName: string;
  reason: string;
  language: MailLanguage;
  files?: LinkedFile[];
}): string {
  const body = input.html.replaceAll('{firstname}', escapeHtml(input.firstname));
  const files = input.files?.length
    ? `<p><strong>${filesHeading(input.language)}</strong> ${escapeHtml(filesNote(input.language))}</p><ul>${input.files
        .map(
          (file) => `<li><a href="${escapeHtml(file.url)}" rel="noopener noreferrer">${escapeHtml(file.name)}</a></li>`,
        )
        .join('')}</ul>`
    : '';
  const footer = `<hr><p style="color:#555;font-size:small">${escapeHtml(footerText(input))}</p>`;
  const header = `<p style="color:#555;font-size:small">${escapeHtml(headerText(input))}</p><hr>`;
  return `<!doctype html><html lang="${input.language}"><head><meta charset="utf-8"></head><body>${header}${body}${files}${footer}</body></html>`;
}

/**
 * One receiver's copy of an event e-mail, composed when the queue sends it from what the e-mail and the receiver
 * keep (docs/decisions/021): the text part, and the HTML part of a rich-text message.
 */
export function composeCopy(copy: StoredCopy): { text: string; html: string | null } {
  const common = {
    firstname: copy.firstname,
    senderName: copy.senderName,
    eventName: copy.eventName,
    reason: copy.reason,
    language: copy.language,
    files: copy.linkedFiles,
  };
  return {
    text: eventMailBody({ ...common, message: copy.messageText }),
    html: copy.format === 'html' ? eventMailHtml({ ...common, html: copy.message }) : null,
  };
}
