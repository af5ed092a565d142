import { defineMessages } from './define.js';

/** Handing a place on a shift over to another volunteer (decision 033). */
export const handoverMessages = defineMessages({
  'error.offerNotFound': {
    en: 'This offer does not exist.',
    sv: 'Erbjudandet finns inte.',
  },
  'error.offerNotHolder': {
    en: 'You can only offer a place you hold.',
    sv: 'Du kan bara erbjuda en plats som du har.',
  },
  'error.offerExists': {
    en: 'You have already offered this place.',
    sv: 'Du har redan erbjudit den här platsen.',
  },
  'error.offerUntilInvalid': {
    en: 'The deadline must be after now and no later than the start of the shift.',
    sv: 'Sista dagen måste vara efter nu och senast när passet börjar.',
  },
  'error.offerOwn': {
    en: 'You cannot take your own place.',
    sv: 'Du kan inte ta din egen plats.',
  },
  'error.offerTaken': {
    en: 'Someone else has already taken this place.',
    sv: 'Någon annan har redan tagit platsen.',
  },
  'error.offerWithdrawn': {
    en: 'This offer was withdrawn.',
    sv: 'Erbjudandet har dragits tillbaka.',
  },
  'error.offerExpired': {
    en: 'The deadline of this offer has passed.',
    sv: 'Tiden för erbjudandet har gått ut.',
  },
  'error.offerPending': {
    en: 'Someone has already asked for this place: it waits for a leader’s approval.',
    sv: 'Någon har redan bett om platsen: den väntar på en ledares godkännande.',
  },
  'error.offerNotPending': {
    en: 'Nobody waits for approval of this offer.',
    sv: 'Ingen väntar på godkännande av erbjudandet.',
  },
});
