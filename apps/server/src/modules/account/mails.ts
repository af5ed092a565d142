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

  /** To a new account's address: the link that confirms it (decision 020). */
  confirmNewAccount(language: MailLanguage, firstname: string, link: string) {
    return language === 'sv'
      ? {
          subject: 'Bekräfta din e-postadress i Funkis',
          text: [
            `Hej ${firstname},`,
            '',
            'Någon skapade ett Funkis-konto med den här adressen. Öppna länken inom 24 timmar för att bekräfta att adressen är din:',
            '',
            link,
            '',
            'Inbjudningar till evenemang visas först när adressen är bekräftad.',
            '',
            'Om det inte var du som skapade kontot, öppna inte länken: utan bekräftelse får kontot inte se något som skickas till den här adressen.',
          ].join('\n'),
        }
      : {
          subject: 'Confirm your e-mail address for Funkis',
          text: [
            `Hello ${firstname},`,
            '',
            'Someone created a Funkis account with this address. Open this link within 24 hours to confirm that the address is yours:',
            '',
            link,
            '',
            'Invitations to events are shown once the address is confirmed.',
            '',
            'If you did not create the account, do not open the link: unconfirmed, the account sees nothing sent to this address.',
          ].join('\n'),
        };
  },

  /** To the address an account asked to move to: the link that makes the change (not the old address: a typo
   * would tell a stranger). */
  confirmNewAddress(language: MailLanguage, firstname: string, link: string) {
    return language === 'sv'
      ? {
          subject: 'Bekräfta din nya e-postadress i Funkis',
          text: [
            `Hej ${firstname},`,
            '',
            'Ett Funkis-konto vill byta till den här adressen. Öppna länken inom 24 timmar för att göra bytet:',
            '',
            link,
            '',
            'Om det inte var du, öppna inte länken: ingenting ändras.',
          ].join('\n'),
        }
      : {
          subject: 'Confirm your new e-mail address for Funkis',
          text: [
            `Hello ${firstname},`,
            '',
            'A Funkis account asked to move to this address. Open this link within 24 hours to make the change:',
            '',
            link,
            '',
            'If it was not you, do not open the link: nothing changes.',
          ].join('\n'),
        };
  },

  /** To the owner of an address another account asked to move to: nothing changed, and nothing will. */
  addressInUse(language: MailLanguage, firstname: string, recoverLink: string) {
    return language === 'sv'
      ? {
          subject: 'Någon försökte använda din e-postadress i Funkis',
          text: [
            `Hej ${firstname},`,
            '',
            'Ett annat Funkis-konto försökte byta till den här adressen, som redan hör till ditt konto. Ingenting har ändrats, och ditt konto är som förut.',
            '',
            `Om du själv försökte, logga in med den här adressen i stället. Har du glömt lösenordet: ${recoverLink}`,
          ].join('\n'),
        }
      : {
          subject: 'Someone tried to use your e-mail address in Funkis',
          text: [
            `Hello ${firstname},`,
            '',
            'Another Funkis account tried to move to this address, which already belongs to your account. Nothing has changed, and your account is as it was.',
            '',
            `If it was you, log in with this address instead. Forgotten your password: ${recoverLink}`,
          ].join('\n'),
        };
  },
};
