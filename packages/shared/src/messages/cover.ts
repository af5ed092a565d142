import { defineMessages } from './define.js';

/** Asking for cover: an organiser's request and a volunteer's acceptance. */
export const coverMessages = defineMessages({
  'error.coverShiftFull': {
    en: 'This shift has no free place to cover.',
    sv: 'Passet har ingen ledig plats att täcka.',
  },
  'error.coverNotLate': {
    en: 'This person is not late: their place can be covered once they are late or did not come.',
    sv: 'Personen är inte sen: platsen kan täckas först när hen är sen eller inte kom.',
  },
  'error.coverShiftEnded': {
    en: 'This shift has ended.',
    sv: 'Passet har redan slutat.',
  },
  'error.coverRequestNotFound': {
    en: 'This cover request was not found.',
    sv: 'Förfrågan hittades inte.',
  },
  'error.coverRequestTaken': {
    en: 'Someone else has already taken this shift.',
    sv: 'Någon annan har redan tagit passet.',
  },
  'error.coverRequestClosed': {
    en: 'This cover request is closed: the shift has ended or has no free place.',
    sv: 'Förfrågan är stängd: passet har slutat eller har ingen ledig plats.',
  },
});
