import { defineMessages } from './define.js';

/** The application form builder and the answers of the apply page. */
export const formsMessages = defineMessages({
  'error.answerTooLong': {
    en: 'This answer cannot be longer than {max} characters.',
    sv: 'Svaret får inte vara längre än {max} tecken.',
  },
  'error.answerInvalid': {
    en: 'This answer is invalid.',
    sv: 'Svaret är ogiltigt.',
  },
  'error.phoneInvalid': {
    en: 'The phone number is invalid. Use 5 to 30 digits, spaces and + - ( ).',
    sv: 'Telefonnumret är ogiltigt. Använd 5 till 30 siffror, mellanslag och + - ( ).',
  },
  'error.numberInvalid': {
    en: 'Enter a number.',
    sv: 'Ange ett nummer.',
  },
  'error.dateInvalid': {
    en: 'Enter a valid date (YYYY-MM-DD).',
    sv: 'Ange ett giltigt datum (ÅÅÅÅ-MM-DD).',
  },
  'error.optionInvalid': {
    en: 'Choose one of the options.',
    sv: 'Välj ett av alternativen.',
  },
  'error.answersInvalid': {
    en: 'Some answers need to be corrected.',
    sv: 'Några svar behöver rättas.',
  },
  'error.applicationsClosed': {
    en: 'Applications are closed for this event.',
    sv: 'Ansökan är stängd för det här evenemanget.',
  },
  'error.alreadyApplied': {
    en: 'You have already applied to this event.',
    sv: 'Du har redan ansökt till det här evenemanget.',
  },
  'error.memberCannotApply': {
    en: 'You are already a member of this event.',
    sv: 'Du är redan medlem i det här evenemanget.',
  },
  'error.formFieldNameTaken': {
    en: 'Field names must be unique in the form.',
    sv: 'Fältnamn måste vara unika i formuläret.',
  },
  'error.formFieldNameNew': {
    en: 'A new field must be named form-field-custom-<n>, with a number this form has not used before ({next} or higher).',
    sv: 'Ett nytt fält måste heta form-field-custom-<n>, med ett nummer som formuläret inte har använt tidigare ({next} eller högre).',
  },
  'error.formFieldLabelRequired': {
    en: 'The label is required.',
    sv: 'Etiketten är obligatorisk.',
  },
  'error.formFieldOptionsRequired': {
    en: 'Add at least one option.',
    sv: 'Lägg till minst ett alternativ.',
  },
  'error.formFieldOptionDuplicate': {
    en: 'Option values must be unique within the field.',
    sv: 'Alternativens värden måste vara unika inom fältet.',
  },
  'error.formFieldCannotBeRequired': {
    en: 'Headings and paragraphs cannot be required.',
    sv: 'Rubriker och stycken kan inte vara obligatoriska.',
  },
  'error.formInvalid': {
    en: 'The form has errors. Correct the highlighted fields.',
    sv: 'Formuläret har fel. Rätta de markerade fälten.',
  },
  'error.formWeekFieldRemoved': {
    en: 'The field "{name}" decides the week for week separation and cannot be removed while week separation is on.',
    sv: 'Fältet "{name}" avgör veckan för veckouppdelningen och kan inte tas bort medan veckouppdelningen är på.',
  },
  'error.formWeekFieldType': {
    en: 'The field "{name}" decides the week for week separation and must stay a select, radio or checkboxes field.',
    sv: 'Fältet "{name}" avgör veckan för veckouppdelningen och måste förbli ett rullgardins-, envals- eller kryssrutefält.',
  },
  'error.formChanged': {
    en: 'The form was changed by someone else in the meantime. Reload it and make your changes again.',
    sv: 'Formuläret har ändrats av någon annan under tiden. Ladda om det och gör dina ändringar igen.',
  },
});
