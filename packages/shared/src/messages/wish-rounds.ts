import { defineMessages } from './define.js';

/** Wish rounds: opening a round, saving wishes, allocating and publishing. */
export const wishRoundsMessages = defineMessages({
  'error.wishRoundNotFound': {
    en: 'This wish round was not found.',
    sv: 'Önskeomgången hittades inte.',
  },
  'error.wishRoundShiftsCount': {
    en: 'A wish round holds between 1 and {max} shifts.',
    sv: 'En önskeomgång har mellan 1 och {max} pass.',
    params: { max: 2000 },
  },
  'error.wishRoundShiftsDistinct': {
    en: 'Each shift may be named only once.',
    sv: 'Varje pass får bara anges en gång.',
  },
  'error.wishRoundShiftInvalid': {
    en: 'Every shift must be a shift of this event (and of the round’s group).',
    sv: 'Alla pass måste höra till evenemanget (och omgångens grupp).',
  },
  'error.wishRoundShiftStarted': {
    en: 'A shift that has started cannot be in a wish round.',
    sv: 'Ett pass som har börjat kan inte vara med i en önskeomgång.',
  },
  'error.wishRoundClosesAtInvalid': {
    en: 'The closing time must be a date and time in the future.',
    sv: 'Stängningstiden måste vara en tidpunkt i framtiden.',
  },
  'error.wishRoundCountInvalid': {
    en: 'The number of shifts must be a whole number from 0 to {max}.',
    sv: 'Antalet pass måste vara ett heltal från 0 till {max}.',
    params: { max: 20 },
  },
  'error.wishRoundMinAboveMax': {
    en: 'The minimum number of shifts cannot be above the maximum.',
    sv: 'Minsta antalet pass kan inte vara större än högsta.',
  },
  'error.wishRoundSeedInvalid': {
    en: 'The seed must be a whole number from 0 to 2147483647.',
    sv: 'Fröet måste vara ett heltal från 0 till 2147483647.',
  },
  'error.wishRoundTooManyRanked': {
    en: 'You can rank at most {max} shifts.',
    sv: 'Du kan rangordna högst {max} pass.',
    params: { max: 20 },
  },
  'error.wishRoundRankedAndCannot': {
    en: 'A shift cannot be both wished for and marked as one you cannot do.',
    sv: 'Ett pass kan inte både önskas och markeras som ett du inte kan ta.',
  },
  'error.wishRoundChoiceNotInRound': {
    en: 'Every shift you choose must be a shift of this round.',
    sv: 'Alla pass du väljer måste höra till omgången.',
  },
  'error.wishRoundShiftOtherGroup': {
    en: 'You can only wish for shifts of your own group or shifts without a group.',
    sv: 'Du kan bara önska pass i din egen grupp eller pass utan grupp.',
  },
  'error.wishRoundCountOutOfRange': {
    en: 'Choose between {min} and {max} shifts.',
    sv: 'Välj mellan {min} och {max} pass.',
  },
  'error.wishRoundFriendCodeUnknown': {
    en: 'No one in this round has that friend code.',
    sv: 'Ingen i omgången har den vänkoden.',
  },
  'error.wishRoundFriendCodeOwn': {
    en: 'That is your own friend code: enter your friend’s.',
    sv: 'Det är din egen vänkod: ange din väns.',
  },
  'error.wishRoundNotParticipant': {
    en: 'Only volunteers of this round’s group can give wishes in it.',
    sv: 'Bara volontärer i omgångens grupp kan lämna önskemål.',
  },
  'error.wishRoundClosed': {
    en: 'This wish round is closed: wishes can no longer be changed.',
    sv: 'Önskeomgången är stängd: önskemålen kan inte längre ändras.',
  },
  'error.wishRoundNoPreview': {
    en: 'Run the allocation before publishing.',
    sv: 'Kör fördelningen innan du publicerar.',
  },
  'error.wishRoundPublished': {
    en: 'This wish round has already been published.',
    sv: 'Önskeomgången är redan publicerad.',
  },
  'error.wishRoundNotPublished': {
    en: 'The results of this wish round are not published yet.',
    sv: 'Resultatet av önskeomgången är inte publicerat än.',
  },
});
