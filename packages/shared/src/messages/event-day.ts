import { defineMessages } from './define.js';

/** The event day: codes, check-in and the live board. */
export const eventDayMessages = defineMessages({
  'error.codeInvalid': {
    en: 'This code is not valid for this event. It may have been replaced by a new one.',
    sv: 'Koden gäller inte för det här evenemanget. Den kan ha ersatts av en ny.',
  },
  'error.checkInWho': {
    en: 'Scan a code or choose a person.',
    sv: 'Skanna en kod eller välj en person.',
  },
  'error.checkInNotOnShift': {
    en: 'This person has no place on that shift.',
    sv: 'Personen har ingen plats på det passet.',
  },
  'error.checkInShiftClosed': {
    en: 'Check-in for a shift opens {minutes} minutes before it starts and closes when it ends.',
    sv: 'Incheckning till ett pass öppnar {minutes} minuter före start och stänger när passet slutar.',
    params: { minutes: 60 },
  },
  'error.checkInTooOld': {
    en: 'This scan is more than {hours} hours old and was not recorded.',
    sv: 'Skanningen är mer än {hours} timmar gammal och sparades inte.',
    params: { hours: 24 },
  },
  'error.checkInInFuture': {
    en: 'The time of this scan is in the future. Check the phone’s clock.',
    sv: 'Skanningens tid ligger i framtiden. Kontrollera telefonens klocka.',
  },
  'error.checkInNotFound': {
    en: 'This check-in was not found.',
    sv: 'Incheckningen hittades inte.',
  },
  'error.undoExpired': {
    en: 'A check-in can be undone for {seconds} seconds after it was recorded.',
    sv: 'En incheckning kan ångras i {seconds} sekunder efter att den sparades.',
    params: { seconds: 60 },
  },
  'error.boardRange': {
    en: 'Choose a period of at most {hours} hours that ends after it starts.',
    sv: 'Välj en period på högst {hours} timmar som slutar efter att den börjar.',
    params: { hours: 24 },
  },
});
