import { defineMessages } from './define.js';

/** Accounts: registration, login, profile, password and e-mail changes, recovery, avatar (spec section 5). */
export const accountMessages = defineMessages({
  'error.emailInvalid': {
    en: 'The email address is invalid.',
    sv: 'E-postadressen är ogiltig.',
  },
  'error.emailRequired': {
    en: 'Email address is required.',
    sv: 'E-postadress krävs.',
  },
  'error.emailTooLong': {
    en: 'Email address cannot be longer than 255 characters.',
    sv: 'E-postadressen får inte vara längre än 255 tecken.',
  },
  'error.firstnameInvalid': {
    en: 'First name is invalid.',
    sv: 'Förnamnet är ogiltigt.',
  },
  'error.firstnameRequired': {
    en: 'First name is required.',
    sv: 'Förnamn krävs.',
  },
  'error.lastnameInvalid': {
    en: 'Last name is invalid.',
    sv: 'Efternamnet är ogiltigt.',
  },
  'error.lastnameRequired': {
    en: 'Last name is required.',
    sv: 'Efternamn krävs.',
  },
  'error.nameTooLong': {
    en: 'Name cannot be longer than 40 characters.',
    sv: 'Namnet får inte vara längre än 40 tecken.',
  },
  'error.passwordRequired': {
    en: 'Password is required.',
    sv: 'Lösenord krävs.',
  },
  'error.passwordTooShort': {
    en: 'Password must be at least {min} characters long.',
    sv: 'Lösenordet måste vara minst {min} tecken långt.',
    params: { min: 7 },
  },
  'error.passwordTooLong': {
    en: 'Password cannot be longer than {max} characters.',
    sv: 'Lösenordet får inte vara längre än {max} tecken.',
    params: { max: 255 },
  },
  'error.passwordConfirmationRequired': {
    en: 'Password confirmation is required.',
    sv: 'Bekräftelse av lösenordet krävs.',
  },
  'error.passwordsDoNotMatch': {
    en: 'Passwords do not match.',
    sv: 'Lösenorden matchar inte.',
  },
  'error.mustBeChecked': {
    en: 'This field must be checked.',
    sv: 'Det här fältet måste kryssas i.',
  },
  'error.removeConfirm': {
    en: 'Type REMOVE to confirm.',
    sv: 'Skriv REMOVE för att bekräfta.',
  },
  'error.invalidCredentials': {
    en: 'Invalid email or password.',
    sv: 'Fel e-postadress eller lösenord.',
  },
  'error.emailTaken': {
    en: 'An account with this email address already exists.',
    sv: 'Det finns redan ett konto med den här e-postadressen.',
  },
  'error.wrongPassword': {
    en: 'The password is incorrect.',
    sv: 'Lösenordet är fel.',
  },
  'error.tokenInvalid': {
    en: 'The link is invalid or has expired.',
    sv: 'Länken är ogiltig eller har gått ut.',
  },
  'error.emailNotConfirmed': {
    en: 'Confirm your e-mail address first: open the link we sent to it.',
    sv: 'Bekräfta din e-postadress först: öppna länken vi skickade till den.',
  },
  'error.confirmationEmailTaken': {
    en: 'Another account uses this address now, so it cannot be confirmed for yours.',
    sv: 'Ett annat konto använder nu den här adressen, så den kan inte bekräftas för ditt.',
  },
  'error.avatarType': {
    en: 'Only PNG, JPEG, GIF or WebP images can be used as an avatar.',
    sv: 'Endast PNG-, JPEG-, GIF- eller WebP-bilder kan användas som profilbild.',
  },
  'error.avatarTooLarge': {
    en: 'The image cannot be larger than 5 MB.',
    sv: 'Bilden får inte vara större än 5 MB.',
  },
  'error.soleAdmin': {
    en: 'You are the only admin of an event that has other members. Make someone else admin first.',
    sv: 'Du är den enda administratören för ett evenemang som har andra medlemmar. Gör någon annan till administratör först.',
  },
});
