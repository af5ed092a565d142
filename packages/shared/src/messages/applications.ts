import { defineMessages } from './define.js';

/** The applications review: bulk status and group changes. */
export const applicationsMessages = defineMessages({
  'error.applicationsSelectionRequired': {
    en: 'Select applications, or apply the update to a filter.',
    sv: 'Välj ansökningar, eller gör ändringen för ett filter.',
  },
  'error.applicationsNothingToSet': {
    en: 'Choose a status or a group to set.',
    sv: 'Välj en status eller en grupp att sätta.',
  },
  'error.applicationsUnknown': {
    en: 'Some of the selected applications do not belong to this event.',
    sv: 'Några av de valda ansökningarna hör inte till det här evenemanget.',
  },
  'error.applicationsOtherGroup': {
    en: 'You can only change applications of your own group.',
    sv: 'Du kan bara ändra ansökningar i din egen grupp.',
  },
  'error.applicationsMoveGroup': {
    en: 'Group leaders cannot move applications to another group.',
    sv: 'Gruppledare kan inte flytta ansökningar till en annan grupp.',
  },
  'error.applicationsExportTooLarge': {
    en: 'An export holds at most {max} applications: narrow the filter.',
    sv: 'En export rymmer högst {max} ansökningar: begränsa filtret.',
    params: { max: 20_000 },
  },
  'error.applicationsExportColumn': {
    en: 'The export has no column {column}.',
    sv: 'Exporten har ingen kolumn {column}.',
  },
  'error.applicationsNotifyWithoutStatus': {
    en: 'Applicants can only be notified of a status change.',
    sv: 'Sökande kan bara meddelas om en ändrad status.',
  },
  'error.applicationsNotifyTooLong': {
    en: 'The message cannot be longer than {max} characters.',
    sv: 'Meddelandet får inte vara längre än {max} tecken.',
    params: { max: 5000 },
  },
  'error.applicationsGroupUnknown': {
    en: 'The group does not belong to this event.',
    sv: 'Gruppen hör inte till det här evenemanget.',
  },
});
