import type { ApplicationStatus } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import type { ReceiverReason } from './repository.js';

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
        return `du är ${ROLE_WORDS.sv[reason.roleLevel]} i evenemanget`;
      case 'group':
        return `du är med i gruppen ${reason.groupName}`;
      case 'application':
        return `din ansökan har status ${STATUS_WORDS.sv[reason.status]}`;
      case 'chosen':
        return 'avsändaren valde dig som mottagare';
    }
  }
  switch (reason.kind) {
    case 'role':
      return `you are ${ROLE_WORDS.en[reason.roleLevel]} of the event`;
    case 'group':
      return `you are a member of the group ${reason.groupName}`;
    case 'application':
      return `your application's status is ${STATUS_WORDS.en[reason.status]}`;
    case 'chosen':
      return 'the sender chose you as a receiver';
  }
}

/** The body of one receiver's copy: the message with `{firstname}` filled in, and a footer saying who and why. */
export function eventMailBody(input: {
  message: string;
  firstname: string;
  senderName: string;
  eventName: string;
  reason: string;
  language: MailLanguage;
}): string {
  const body = input.message.replaceAll('{firstname}', input.firstname);
  const footer =
    input.language === 'sv'
      ? `${input.senderName} skickade detta e-postmeddelande från evenemanget ”${input.eventName}” i Funkis. Du får det eftersom ${input.reason}.`
      : `${input.senderName} sent this e-mail from the event "${input.eventName}" in Funkis. You get it because ${input.reason}.`;
  return `${body}\n\n-- \n${footer}\n`;
}
