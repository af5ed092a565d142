import { defineMessages } from './define.js';

/** Shift scheduling. */
export const schedulingMessages = defineMessages({
  'error.shiftTitleTooLong': {
    en: 'The title must be at most {max} characters long.',
    sv: 'Titeln får vara högst {max} tecken lång.',
    params: { max: 200 },
  },
  'error.shiftDescriptionTooLong': {
    en: 'The description must be at most {max} characters long.',
    sv: 'Beskrivningen får vara högst {max} tecken lång.',
    params: { max: 5000 },
  },
  'error.shiftLocationTooLong': {
    en: 'The location must be at most {max} characters long.',
    sv: 'Platsen får vara högst {max} tecken lång.',
    params: { max: 200 },
  },
  'error.shiftTimeInvalid': {
    en: 'Enter a date and time.',
    sv: 'Ange datum och tid.',
  },
  'error.shiftEndsBeforeStart': {
    en: 'A shift must end after it starts.',
    sv: 'Ett pass måste sluta efter att det börjar.',
  },
  'error.shiftTooLong': {
    en: 'A shift can last at most {hours} hours.',
    sv: 'Ett pass kan vara högst {hours} timmar långt.',
    params: { hours: 168 },
  },
  'error.shiftCapacityInvalid': {
    en: 'Places needed must be a whole number from 1 to {max}.',
    sv: 'Antal platser måste vara ett heltal från 1 till {max}.',
    params: { max: 10000 },
  },
  'error.shiftBatchSize': {
    en: 'Create from 1 to {max} shifts at once.',
    sv: 'Skapa från 1 till {max} pass åt gången.',
    params: { max: 100 },
  },
  'error.shiftNotFound': {
    en: 'This shift does not exist.',
    sv: 'Passet finns inte.',
  },
  'error.assignmentNotFound': {
    en: 'This person does not have this shift.',
    sv: 'Personen har inte det här passet.',
  },
  'error.shiftFull': {
    en: 'This shift is full: all {capacity} places are taken.',
    sv: 'Passet är fullt: alla {capacity} platser är tagna.',
  },
  'error.waitlistPlaceFree': {
    en: 'A place on this shift is free: sign up instead of waiting.',
    sv: 'Det finns en ledig plats på passet: anmäl dig i stället för att vänta.',
  },
  'error.waitlistAlreadyOn': {
    en: 'You are already on the waitlist of this shift.',
    sv: 'Du står redan på väntelistan för passet.',
  },
  'error.waitlistNotOn': {
    en: 'You are not on the waitlist of this shift.',
    sv: 'Du står inte på väntelistan för passet.',
  },
  'error.shiftAlreadyAssigned': {
    en: 'This person already has this shift.',
    sv: 'Personen har redan det här passet.',
  },
  'error.shiftOverlap': {
    en: 'This person already has an overlapping shift: {title}.',
    sv: 'Personen har redan ett pass som överlappar: {title}.',
  },
  'error.shiftRestTooShort': {
    en: 'This person needs at least {minutes} minutes of rest between shifts (next to: {title}).',
    sv: 'Personen behöver minst {minutes} minuters vila mellan passen (intill: {title}).',
  },
  'error.shiftOtherGroup': {
    en: "Volunteers can only take their own group's shifts.",
    sv: 'Volontärer kan bara ta pass i sin egen grupp.',
  },
  'error.shiftMemberOtherGroup': {
    en: 'Group leaders can only put members of their own group on shifts.',
    sv: 'Gruppledare kan bara sätta medlemmar i sin egen grupp på pass.',
  },
  'error.selfSignupClosed': {
    en: 'Signing up and off by yourself is not open for your group. Ask an organiser.',
    sv: 'Att anmäla och avanmäla sig själv är inte öppet för din grupp. Fråga en arrangör.',
  },
  'error.signOffClosed': {
    en: 'Signing off closes {hours} hours before the shift starts. Ask an organiser.',
    sv: 'Avanmälan stänger {hours} timmar innan passet börjar. Fråga en arrangör.',
  },
  'error.shiftCapacityBelowAssigned': {
    en: '{count} people already have this shift: remove some before lowering the places to {capacity}.',
    sv: '{count} personer har redan passet: ta bort några innan antalet platser sänks till {capacity}.',
  },
  'error.shiftStarted': {
    en: 'This shift has already started.',
    sv: 'Passet har redan börjat.',
  },
  'error.timeZoneUnknown': {
    en: 'Choose a time zone from the list.',
    sv: 'Välj en tidszon i listan.',
  },
  'error.shiftChangeOverlap': {
    en: '{name} would then have overlapping shifts: this one and {title}. Remove them from one first.',
    sv: '{name} skulle då ha pass som överlappar: detta och {title}. Ta bort hen från ett av dem först.',
  },
  'error.shiftChangeRestTooShort': {
    en: '{name} would then have less than {minutes} minutes of rest between this shift and {title}.',
    sv: '{name} skulle då få mindre än {minutes} minuters vila mellan detta pass och {title}.',
  },
  'error.shiftDayInvalid': {
    en: 'Enter a date.',
    sv: 'Ange ett datum.',
  },
  'error.duplicateSameDay': {
    en: 'Choose another day to copy to.',
    sv: 'Välj en annan dag att kopiera till.',
  },
  'error.duplicateDayEmpty': {
    en: 'There are no shifts on {date} that you can copy.',
    sv: 'Det finns inga pass den {date} som du kan kopiera.',
  },
  'error.duplicateDayTooMany': {
    en: 'A day can be copied with at most {max} shifts.',
    sv: 'En dag kan kopieras med högst {max} pass.',
    params: { max: 500 },
  },
});
