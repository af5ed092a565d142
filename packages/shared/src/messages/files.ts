import { defineMessages } from './define.js';

/** Event files. `{size}` is a size in megabytes, filled in by the server from its configuration. */
export const filesMessages = defineMessages({
  'error.multipartInvalid': {
    en: 'The upload was cut off or is not a valid form. Try again.',
    sv: 'Uppladdningen avbröts eller är inte ett giltigt formulär. Försök igen.',
  },
  'error.uploadTimeout': {
    en: 'The upload took too long and was stopped. Try again, on a faster connection if you can.',
    sv: 'Uppladdningen tog för lång tid och stoppades. Försök igen, gärna med en snabbare anslutning.',
  },
  'error.accountStorageFull': {
    en: 'Your uploads would take more than the {size} MB one account may store. Delete files you uploaded first.',
    sv: 'Dina uppladdningar skulle ta mer än de {size} MB ett konto får lagra. Ta bort filer du har laddat upp först.',
  },
  'error.serverStorageFull': {
    en: 'The server has no room for more files ({size} MB in all). Ask its administrator.',
    sv: 'Servern har inte plats för fler filer ({size} MB totalt). Fråga dess administratör.',
  },
  'files.fileRequired': {
    en: 'Choose a file to upload.',
    sv: 'Välj en fil att ladda upp.',
  },
  'files.tooLarge': {
    en: 'The file is too large. A file can be at most {size} MB.',
    sv: 'Filen är för stor. En fil får vara högst {size} MB.',
  },
  'files.quotaExceeded': {
    en: "The event's files would take more than its {size} MB. Delete files first.",
    sv: 'Evenemangets filer skulle ta mer än dess {size} MB. Ta bort filer först.',
  },
  'files.typeMismatch': {
    en: 'The file is not what its type says it is.',
    sv: 'Filen är inte vad dess typ säger att den är.',
  },
  'files.typeNotAllowed': {
    en: 'Web pages, scripts and SVG images cannot be uploaded.',
    sv: 'Webbsidor, skript och SVG-bilder kan inte laddas upp.',
  },
  'files.notFound': {
    en: 'This file does not exist or you may not see it.',
    sv: 'Filen finns inte eller så får du inte se den.',
  },
  'files.nameRequired': {
    en: 'The file needs a name.',
    sv: 'Filen behöver ett namn.',
  },
  'files.nameTooLong': {
    en: 'A file name cannot be longer than {max} characters.',
    sv: 'Ett filnamn får inte vara längre än {max} tecken.',
    params: { max: 255 },
  },
  'files.nameInvalid': {
    en: 'A file name cannot contain / or \\.',
    sv: 'Ett filnamn får inte innehålla / eller \\.',
  },
  'files.rolesInvalid': {
    en: 'Choose who may see the file: admins, group leaders, volunteers.',
    sv: 'Välj vilka som får se filen: administratörer, gruppledare, volontärer.',
  },
});
