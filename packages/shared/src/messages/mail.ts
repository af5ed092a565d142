import { defineMessages } from './define.js';

/** E-mail to members: compose, receivers, labels. */
export const mailMessages = defineMessages({
  'mail.subjectRequired': { en: 'Subject is required.', sv: 'Ämne krävs.' },
  'mail.subjectTooLong': {
    en: 'The subject cannot be longer than {max} characters.',
    sv: 'Ämnet får inte vara längre än {max} tecken.',
    params: { max: 200 },
  },
  'mail.messageRequired': { en: 'Message is required.', sv: 'Meddelande krävs.' },
  'mail.messageTooLong': {
    en: 'The message cannot be longer than {max} characters.',
    sv: 'Meddelandet får inte vara längre än {max} tecken.',
    params: { max: 20000 },
  },
  'mail.messageTooDeep': {
    en: 'The message has formatting nested more than {max} levels deep.',
    sv: 'Meddelandet har formatering som är nästlad mer än {max} nivåer djupt.',
    params: { max: 200 },
  },
  'mail.noReceivers': { en: 'Choose at least one receiver.', sv: 'Välj minst en mottagare.' },
  'mail.tooManyReceivers': {
    en: 'One e-mail can reach at most {max} people.',
    sv: 'Ett e-postmeddelande kan nå högst {max} personer.',
    params: { max: 10000 },
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
    en: 'The label name cannot be longer than {max} characters.',
    sv: 'Etikettens namn får inte vara längre än {max} tecken.',
    params: { max: 40 },
  },
  'mail.labelNameTaken': {
    en: 'The event already has a label with this name.',
    sv: 'Evenemanget har redan en etikett med detta namn.',
  },
  'mail.labelColorInvalid': { en: 'The colour must look like #1a2b3c.', sv: 'Färgen måste se ut som #1a2b3c.' },
  'mail.labelUnknown': { en: 'The label does not belong to this event.', sv: 'Etiketten hör inte till evenemanget.' },
  'mail.tooManyFiles': {
    en: 'One e-mail can link to at most {max} files.',
    sv: 'Ett e-postmeddelande kan länka till högst {max} filer.',
    params: { max: 20 },
  },
  'mail.fileUnknown': {
    en: 'Some of the chosen files are not files of this event you can see.',
    sv: 'Några av de valda filerna är inte filer i evenemanget som du kan se.',
  },
  'mail.rateInvalid': {
    en: 'The rate must be a whole number from {min} to {max} messages a minute.',
    sv: 'Takten måste vara ett heltal från {min} till {max} meddelanden i minuten.',
    params: { min: 1, max: 1000 },
  },
  'mail.nothingToRetry': {
    en: 'No receiver of this e-mail has failed.',
    sv: 'Ingen mottagare av detta e-postmeddelande har misslyckats.',
  },
});
