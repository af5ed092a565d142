import { defineMessages } from './define.js';

/** Shift scheduling's planning views: timeline, move, attendance. */
export const schedulingPlanningMessages = defineMessages({
  'error.timelineRange': {
    en: 'Choose a period of at most {days} days that ends after it starts.',
    sv: 'Välj en period på högst {days} dagar som slutar efter att den börjar.',
    params: { days: 35 },
  },
  'error.moveSameShift': {
    en: 'Choose another shift to move to.',
    sv: 'Välj ett annat pass att flytta till.',
  },
  'error.attendanceBeforeStart': {
    en: 'Arrival can be marked once the shift has started.',
    sv: 'Närvaro kan markeras först när passet har börjat.',
  },
});
