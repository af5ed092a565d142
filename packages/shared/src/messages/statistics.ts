import { defineMessages } from './define.js';

/** Statistics of an event. */
export const statisticsMessages = defineMessages({
  'error.statisticsDateInvalid': {
    en: 'The date must be a day written as YYYY-MM-DD.',
    sv: 'Datumet måste vara en dag skriven som ÅÅÅÅ-MM-DD.',
  },
  'error.statisticsDateRange': {
    en: 'The end date cannot be before the start date.',
    sv: 'Slutdatumet kan inte vara före startdatumet.',
  },
});
