import type { RoleLevel } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import { quotedEventName, viaFunkis } from '../mail/texts.js';

const ROLES: Record<MailLanguage, Record<RoleLevel, string>> = {
  en: { 0: 'admin', 1: 'group leader', 2: 'volunteer' },
  sv: { 0: 'administratör', 1: 'gruppledare', 2: 'volontär' },
};

export interface InvitationMailInput {
  language: MailLanguage;
  /** The invited account's first name; null when the address has no account (the mail then asks to register). */
  firstname: string | null;
  email: string;
  eventName: string;
  inviterName: string;
  roleLevel: RoleLevel;
  groupName: string | null;
  /** The day the invitation lapses, YYYY-MM-DD. */
  validUntil: string;
  homeLink: string;
  registerLink: string;
}

/**
 * The invitation mail, in the reader's language: an account's owner is sent to their home page to accept or
 * decline; an address without an account is asked to register with this address first (the invitation then
 * shows on the new account's home page). Plain text: the event's and inviter's names are never read as markup.
 */
export function invitationMail(input: InvitationMailInput): { subject: string; text: string; fromName: string } {
  const role = ROLES[input.language][input.roleLevel];
  // Whose invitation it is comes first, the event's name (which anyone may choose) only quoted after it, and the
  // mail goes out as `Ada Berg via Funkis` (docs/decisions/022).
  const event = quotedEventName(input.eventName, input.language);
  const fromName = viaFunkis(input.inviterName);
  if (input.language === 'sv') {
    const what = `${input.inviterName} bjuder in dig till evenemanget "${input.eventName}" i Funkis som ${role}${
      input.groupName ? ` i gruppen "${input.groupName}"` : ''
    }.`;
    const steps =
      input.firstname !== null
        ? ['Logga in och svara på inbjudan på din startsida, där du kan tacka ja eller nej:', '', input.homeLink]
        : [
            `Du har inget Funkis-konto med adressen ${input.email} än. Skapa ett med just den adressen, så finns inbjudan på din startsida, där du kan tacka ja eller nej:`,
            '',
            input.registerLink,
          ];
    return {
      subject: `${input.inviterName} har bjudit in dig till ${event} i Funkis`,
      fromName,
      text: [
        input.firstname !== null ? `Hej ${input.firstname},` : 'Hej,',
        '',
        what,
        '',
        ...steps,
        '',
        `Inbjudan gäller till och med ${input.validUntil}. Du blir medlem först när du tackar ja; vill du inte kan du strunta i detta meddelande.`,
      ].join('\n'),
    };
  }
  const what = `${input.inviterName} invites you to the event "${input.eventName}" in Funkis as ${role}${
    input.groupName ? ` in the group "${input.groupName}"` : ''
  }.`;
  const steps =
    input.firstname !== null
      ? ['Log in and answer the invitation on your home page, where you can accept or decline it:', '', input.homeLink]
      : [
          `You have no Funkis account with the address ${input.email} yet. Create one with this very address, and the invitation will be on your home page, where you can accept or decline it:`,
          '',
          input.registerLink,
        ];
  return {
    subject: `${input.inviterName} invited you to ${event} on Funkis`,
    fromName,
    text: [
      input.firstname !== null ? `Hello ${input.firstname},` : 'Hello,',
      '',
      what,
      '',
      ...steps,
      '',
      `The invitation is valid until ${input.validUntil}. You become a member only when you accept; if you do not want to, ignore this message.`,
    ].join('\n'),
  };
}
