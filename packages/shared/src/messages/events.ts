import { defineMessages } from './define.js';

/** Events, groups, members, settings and week separation. */
export const eventsMessages = defineMessages({
  'error.eventNameTooShort': {
    en: 'Event name must be at least {length} characters long.',
    sv: 'Evenemangets namn måste vara minst {length} tecken långt.',
    params: { length: 3 },
  },
  'error.eventNameTooLong': {
    en: 'Event name must be less than {length} characters long.',
    sv: 'Evenemangets namn måste vara kortare än {length} tecken.',
    params: { length: 255 },
  },
  'error.lastAdmin': {
    en: 'An event must keep at least one admin. Make someone else admin first.',
    sv: 'Ett evenemang måste ha minst en administratör. Gör någon annan till administratör först.',
  },
  'error.alreadyInvited': {
    en: 'This address already has an invitation to the event. Cancel it first to send a new one.',
    sv: 'Den här adressen har redan en inbjudan till evenemanget. Avbryt den först för att skicka en ny.',
  },
  'error.invitationNotFound': {
    en: 'The invitation was not found. It may have been cancelled or have expired.',
    sv: 'Inbjudan hittades inte. Den kan ha avbrutits eller gått ut.',
  },
  'error.tooManyInvitations': {
    en: 'You have sent many invitations in a short time. Try again in an hour.',
    sv: 'Du har skickat många inbjudningar på kort tid. Försök igen om en timme.',
  },
  'error.tooManyInvitationsToday': {
    en: 'You have sent {count} invitations in the last 24 hours, as many as one account may. Try again tomorrow.',
    sv: 'Du har skickat {count} inbjudningar det senaste dygnet, så många som ett konto får. Försök igen i morgon.',
  },
  'error.tooManyEventsToday': {
    en: 'You have created {count} events in the last 24 hours, as many as one account may. Try again tomorrow.',
    sv: 'Du har skapat {count} evenemang det senaste dygnet, så många som ett konto får. Försök igen i morgon.',
  },
  'error.alreadyMember': {
    en: 'This person is already a member of the event.',
    sv: 'Personen är redan medlem i evenemanget.',
  },
  'error.memberNotFound': {
    en: 'This person is not a member of the event.',
    sv: 'Personen är inte medlem i evenemanget.',
  },
  'error.groupNotFound': {
    en: 'This group does not exist in the event.',
    sv: 'Gruppen finns inte i evenemanget.',
  },
  'error.groupNameRequired': {
    en: 'Group name is required.',
    sv: 'Gruppnamn krävs.',
  },
  'error.groupNameTooLong': {
    en: 'Group name cannot be longer than {length} characters.',
    sv: 'Gruppnamnet får inte vara längre än {length} tecken.',
    params: { length: 100 },
  },
  'error.groupWantedInvalid': {
    en: 'The wanted number of people must be a whole number from 0 to {max}.',
    sv: 'Önskat antal personer måste vara ett heltal från 0 till {max}.',
    params: { max: 100000 },
  },
  'error.groupNameTaken': {
    en: 'The event already has a group with this name.',
    sv: 'Evenemanget har redan en grupp med det här namnet.',
  },
  'error.descriptionTooLong': {
    en: 'The description cannot be longer than {length} characters.',
    sv: 'Beskrivningen får inte vara längre än {length} tecken.',
    params: { length: 5000 },
  },
  'error.ownGroupOnly': {
    en: 'Group leaders can only see their own group.',
    sv: 'Gruppledare kan bara se sin egen grupp.',
  },
  'error.weekConfigRequired': {
    en: 'Week separation needs its settings: a form field, labels and at least one option.',
    sv: 'Veckoindelningen behöver sina inställningar: ett formulärfält, etiketter och minst ett alternativ.',
  },
  'error.weekFieldNotInForm': {
    en: 'Week separation must read a select, radio or checkboxes question of the application form.',
    sv: 'Veckoindelningen måste läsa en rullista-, radioknapps- eller kryssrutefråga i ansökningsformuläret.',
  },
  'error.endsBeforeStarts': {
    en: 'The end date cannot be before the start date.',
    sv: 'Slutdatumet kan inte vara före startdatumet.',
  },
  'error.imageType': {
    en: 'Only PNG, JPEG, GIF or WebP images can be used.',
    sv: 'Endast PNG-, JPEG-, GIF- eller WebP-bilder kan användas.',
  },
  'error.imageTooLarge': {
    en: 'The image cannot be larger than 5 MB.',
    sv: 'Bilden får inte vara större än 5 MB.',
  },
});
