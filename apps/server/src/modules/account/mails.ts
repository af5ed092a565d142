import type { MailLanguage } from '../../lib/language.js';

/** The mails an account gets, in the reader's language (English or Swedish). */
export const accountMails = {
  passwordReset(language: MailLanguage, firstname: string, link: string) {
    return language === 'sv'
      ? {
          subject: 'Återställ ditt lösenord i Funkis',
          text: [
            `Hej ${firstname},`,
            '',
            'Någon bad om att återställa lösenordet till ditt Funkis-konto. Öppna länken inom en timme för att välja ett nytt:',
            '',
            link,
            '',
            'Om det inte var du kan du strunta i detta meddelande: ditt lösenord förblir som det är.',
          ].join('\n'),
        }
      : {
          subject: 'Reset your Funkis password',
          text: [
            `Hello ${firstname},`,
            '',
            'Someone asked to reset the password of your Funkis account. Open this link within one hour to choose a new one:',
            '',
            link,
            '',
            'If it was not you, ignore this message: your password stays as it is.',
          ].join('\n'),
        };
  },

  /** To the old address: someone with the password moved the account to another address. */
  emailChanged(language: MailLanguage, firstname: string, newEmail: string, recoverLink: string) {
    return language === 'sv'
      ? {
          subject: 'E-postadressen för ditt Funkis-konto har ändrats',
          text: [
            `Hej ${firstname},`,
            '',
            `Ditt Funkis-konto använder nu adressen ${newEmail} i stället för denna.`,
            '',
            `Om det inte var du, kontakta arrangören av ditt evenemang snarast. Ditt lösenord kan återställas här: ${recoverLink}`,
          ].join('\n'),
        }
      : {
          subject: 'The e-mail address of your Funkis account was changed',
          text: [
            `Hello ${firstname},`,
            '',
            `Your Funkis account now uses the address ${newEmail} instead of this one.`,
            '',
            `If it was not you, contact the organiser of your event at once. Your password can be reset here: ${recoverLink}`,
          ].join('\n'),
        };
  },

  passwordChanged(language: MailLanguage, firstname: string, recoverLink: string) {
    return language === 'sv'
      ? {
          subject: 'Lösenordet för ditt Funkis-konto har ändrats',
          text: [
            `Hej ${firstname},`,
            '',
            'Lösenordet för ditt Funkis-konto har just ändrats, och dina andra inloggningar har avslutats.',
            '',
            `Om det inte var du, återställ lösenordet genast: ${recoverLink}`,
          ].join('\n'),
        }
      : {
          subject: 'The password of your Funkis account was changed',
          text: [
            `Hello ${firstname},`,
            '',
            'The password of your Funkis account was just changed, and your other sessions were ended.',
            '',
            `If it was not you, reset your password at once: ${recoverLink}`,
          ].join('\n'),
        };
  },
};
