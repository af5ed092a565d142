import { defineMessages } from './define.js';

/** Messages every module uses: HTTP-level failures and generic field rules. */
export const commonMessages = defineMessages({
  'error.notLoggedIn': {
    en: 'You must be logged in.',
    sv: 'Du måste vara inloggad.',
  },
  'error.forbidden': {
    en: 'You do not have access to this page.',
    sv: 'Du har inte åtkomst till den här sidan.',
  },
  'error.csrf': {
    en: 'Invalid or missing CSRF token.',
    sv: 'CSRF-token saknas eller är ogiltig.',
  },
  'error.notFound': {
    en: 'Not found.',
    sv: 'Hittades inte.',
  },
  'error.tooManyRequests': {
    en: 'Too many requests. Try again later.',
    sv: 'För många förfrågningar. Försök igen senare.',
  },
  'error.badRequest': {
    en: 'The request is invalid.',
    sv: 'Förfrågan är ogiltig.',
  },
  'error.payloadTooLarge': {
    en: 'The upload is too large.',
    sv: 'Filen är för stor.',
  },
  'error.internal': {
    en: 'Something went wrong',
    sv: 'Något gick fel',
  },
  'error.required': {
    en: 'This field is required.',
    sv: 'Det här fältet är obligatoriskt.',
  },
  'error.invalid': {
    en: 'This value is invalid.',
    sv: 'Värdet är ogiltigt.',
  },
  'error.invalidCharacters': {
    en: 'This text contains characters that are not allowed.',
    sv: 'Texten innehåller tecken som inte är tillåtna.',
  },
  'error.blank': {
    en: 'This field cannot be empty or contain only invisible characters.',
    sv: 'Fältet får inte vara tomt eller bara innehålla osynliga tecken.',
  },
  'error.textTooLong': {
    en: 'This text cannot be longer than {max} characters.',
    sv: 'Texten får inte vara längre än {max} tecken.',
  },
  'error.unsupportedType': {
    en: 'This type of file is not allowed here.',
    sv: 'Den här filtypen är inte tillåten här.',
  },
  'error.idInvalid': {
    en: 'The id is invalid.',
    sv: 'Id:t är ogiltigt.',
  },
  'error.conflict': {
    en: 'Someone else changed this at the same time. Reload and try again.',
    sv: 'Någon annan ändrade detta samtidigt. Ladda om och försök igen.',
  },
  'error.methodNotAllowed': {
    en: 'This address does not accept {method} requests.',
    sv: 'Den här adressen tar inte emot {method}-anrop.',
  },
  'error.notImplemented': {
    en: 'The server does not know this request method.',
    sv: 'Servern känner inte till den här anropsmetoden.',
  },
  'error.headersTooLarge': {
    en: 'The request headers are too large.',
    sv: 'Förfrågans huvuden är för stora.',
  },
  'error.requestTimeout': {
    en: 'The request took too long to arrive.',
    sv: 'Förfrågan tog för lång tid att komma fram.',
  },
  'error.rangeNotSatisfiable': {
    en: 'The requested range is outside the file ({size} bytes).',
    sv: 'Det begärda intervallet ligger utanför filen ({size} byte).',
  },
  'error.preconditionFailed': {
    en: 'The file has changed since you last fetched it.',
    sv: 'Filen har ändrats sedan du senast hämtade den.',
  },
  'error.offline': {
    en: 'You are offline. This needs a connection: try again when you have signal.',
    sv: 'Du är offline. Det här kräver anslutning: försök igen när du har täckning.',
  },
  'error.unavailable': {
    en: 'The server is busy or cannot reach its database. Try again in a moment.',
    sv: 'Servern är upptagen eller når inte sin databas. Försök igen om en stund.',
  },
});
