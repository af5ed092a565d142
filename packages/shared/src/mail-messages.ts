/**
 * Texts of the e-mail area (issue 14), English and Swedish. messages.ts merges the English ones into the
 * catalogue the server answers with; the web's `mail` namespace carries the same keys under `errors`.
 */
export const MAIL_MESSAGES = {
  'mail.subjectRequired': { en: 'Subject is required.', sv: 'Ämne krävs.' },
  'mail.subjectTooLong': {
    en: 'The subject cannot be longer than 200 characters.',
    sv: 'Ämnet får inte vara längre än 200 tecken.',
  },
  'mail.messageRequired': { en: 'Message is required.', sv: 'Meddelande krävs.' },
  'mail.messageTooLong': {
    en: 'The message cannot be longer than 20000 characters.',
    sv: 'Meddelandet får inte vara längre än 20000 tecken.',
  },
  'mail.invalidText': {
    en: 'The text contains characters that cannot be used.',
    sv: 'Texten innehåller tecken som inte kan användas.',
  },
  'mail.noReceivers': { en: 'Choose at least one receiver.', sv: 'Välj minst en mottagare.' },
  'mail.tooManyReceivers': {
    en: 'One e-mail can reach at most 10000 people.',
    sv: 'Ett e-postmeddelande kan nå högst 10000 personer.',
  },
  'mail.ownGroupOnly': {
    en: 'Group leaders can only e-mail their own group.',
    sv: 'Gruppledare kan bara skicka e-post till sin egen grupp.',
  },
  'mail.unknownReceiver': {
    en: 'Some of the chosen people are not members or applicants of this event.',
    sv: 'Några av de valda personerna är inte medlemmar eller sökande i evenemanget.',
  },
  'mail.labelNameRequired': { en: 'Label name is required.', sv: 'Etikettens namn krävs.' },
  'mail.labelNameTooLong': {
    en: 'The label name cannot be longer than 40 characters.',
    sv: 'Etikettens namn får inte vara längre än 40 tecken.',
  },
  'mail.labelNameTaken': {
    en: 'The event already has a label with this name.',
    sv: 'Evenemanget har redan en etikett med detta namn.',
  },
  'mail.labelColorInvalid': {
    en: 'The colour must look like #1a2b3c.',
    sv: 'Färgen måste se ut som #1a2b3c.',
  },
  'mail.labelUnknown': {
    en: 'The label does not belong to this event.',
    sv: 'Etiketten hör inte till evenemanget.',
  },
  'mail.nothingToRetry': {
    en: 'No receiver of this e-mail has failed.',
    sv: 'Ingen mottagare av detta e-postmeddelande har misslyckats.',
  },
} as const;

export type MailMessageKey = keyof typeof MAIL_MESSAGES;
