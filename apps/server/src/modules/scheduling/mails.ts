import type { NotificationKind } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import type { PushMessage, PushMessageKey } from '../push/service.js';

/** What a shift mail tells about the shift, with its times already in UTC ISO. */
export interface MailShift {
  title: string;
  location: string;
  startsAt: string;
  endsAt: string;
}

export interface MailContext {
  language: MailLanguage;
  firstname: string;
  eventName: string;
  timeZone: string;
  /** The scheduling screen of the event. */
  link: string;
}

/** "Friday 3 July 08:00–12:00 (Europe/Stockholm)" in the reader's language and the event's zone. */
export function shiftWhen(shift: Pick<MailShift, 'startsAt' | 'endsAt'>, language: MailLanguage, timeZone: string) {
  const locale = language === 'sv' ? 'sv-SE' : 'en-GB';
  const day = new Intl.DateTimeFormat(locale, { timeZone, weekday: 'long', day: 'numeric', month: 'long' });
  const time = new Intl.DateTimeFormat(locale, { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
  const start = new Date(shift.startsAt);
  const end = new Date(shift.endsAt);
  const sameDay = day.format(start) === day.format(end);
  const span = sameDay
    ? `${day.format(start)} ${time.format(start)}–${time.format(end)}`
    : `${day.format(start)} ${time.format(start)} – ${day.format(end)} ${time.format(end)}`;
  return `${span} (${timeZone})`;
}

/**
 * The push notice of a shift (its title, its time in the reader's language and the event's zone, the event's name),
 * as the scheduling context's `notify` takes it: sent by push to those who allow that kind, the mail to the others.
 */
export function shiftNotice(kind: NotificationKind, key: PushMessageKey, shift: MailShift) {
  return {
    kind,
    message: (context: Pick<MailContext, 'language' | 'timeZone' | 'eventName'>): PushMessage => ({
      key,
      params: {
        shift: shift.title,
        when: shiftWhen(shift, context.language, context.timeZone),
        event: context.eventName,
      },
    }),
  };
}

function describe(shift: MailShift, context: MailContext): string[] {
  const place = context.language === 'sv' ? 'Plats' : 'Place';
  return [
    `  ${shift.title}`,
    `  ${shiftWhen(shift, context.language, context.timeZone)}`,
    ...(shift.location ? [`  ${place}: ${shift.location}`] : []),
  ];
}

/**
 * The mails of shift scheduling, in English or Swedish. Each says which event sent it and why the
 * reader gets it.
 */
export const schedulingMails = {
  reminder(shift: MailShift, context: MailContext, hours: number) {
    const { language, eventName } = context;
    const when = shiftWhen(shift, language, context.timeZone);
    return language === 'sv'
      ? {
          subject: `Påminnelse: ${shift.title}, ${when} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `en påminnelse om ditt pass på ${eventName}:`,
            '',
            ...describe(shift, context),
            '',
            `Alla dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du har passet; arrangörerna skickar en påminnelse ${hours} timmar före varje pass.`,
          ].join('\n'),
        }
      : {
          subject: `Reminder: ${shift.title}, ${when} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `a reminder of your shift at ${eventName}:`,
            '',
            ...describe(shift, context),
            '',
            `All your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you have this shift; the organisers send a reminder ${hours} hours before each shift.`,
          ].join('\n'),
        };
  },

  changed(before: MailShift, after: MailShift, context: MailContext) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `Ditt pass har ändrats: ${after.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `en arrangör av ${eventName} har ändrat ett pass som du har.`,
            '',
            'Nu:',
            ...describe(after, context),
            '',
            'Tidigare:',
            ...describe(before, context),
            '',
            `Alla dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du har passet.`,
          ].join('\n'),
        }
      : {
          subject: `Your shift was changed: ${after.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `an organiser of ${eventName} changed a shift you have.`,
            '',
            'Now:',
            ...describe(after, context),
            '',
            'Before:',
            ...describe(before, context),
            '',
            `All your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you have this shift.`,
          ].join('\n'),
        };
  },

  /** A place came free on a shift the reader waited for, and is now theirs. */
  waitlistPlace(shift: MailShift, context: MailContext) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `Du har fått en plats: ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `en plats blev ledig på ett pass i ${eventName} som du väntade på, och den är nu din:`,
            '',
            ...describe(shift, context),
            '',
            `Kan du inte? Lämna tillbaka platsen bland dina pass, så går den till nästa som väntar: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du stod på väntelistan för passet.`,
          ].join('\n'),
        }
      : {
          subject: `You have a place: ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `a place came free on a shift of ${eventName} you were waiting for, and it is now yours:`,
            '',
            ...describe(shift, context),
            '',
            `Can't make it? Give the place back among your shifts and it goes to the next in line: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you were on the waitlist of this shift.`,
          ].join('\n'),
        };
  },
  /** The reader took over a place another volunteer offered (decision 033). */
  handoverTaken(shift: MailShift, context: MailContext, from: string) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `Du har tagit över en plats: ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `du har tagit över platsen som ${from} erbjöd på ett pass i ${eventName}, och den är nu din:`,
            '',
            ...describe(shift, context),
            '',
            `Alla dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du tog platsen.`,
          ].join('\n'),
        }
      : {
          subject: `You took over a place: ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `you took over the place ${from} offered on a shift of ${eventName}, and it is now yours:`,
            '',
            ...describe(shift, context),
            '',
            `All your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you took this place.`,
          ].join('\n'),
        };
  },

  /** Someone took over the place the reader offered: they no longer have the shift. */
  handoverGiven(shift: MailShift, context: MailContext, to: string) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `${to} har tagit över din plats: ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `${to} har tagit över platsen som du erbjöd på ett pass i ${eventName}. Du har inte längre passet:`,
            '',
            ...describe(shift, context),
            '',
            `Alla dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du erbjöd platsen.`,
          ].join('\n'),
        }
      : {
          subject: `${to} took over your place: ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `${to} took over the place you offered on a shift of ${eventName}. You no longer have this shift:`,
            '',
            ...describe(shift, context),
            '',
            `All your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you offered this place.`,
          ].join('\n'),
        };
  },

  /** A hand-over waits for the reader's approval (an admin, or a leader of the shift's group). */
  handoverPending(shift: MailShift, context: MailContext, from: string, to: string) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `En överlämning väntar på godkännande: ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `${to} vill ta över platsen som ${from} erbjöd på ett pass i ${eventName}:`,
            '',
            ...describe(shift, context),
            '',
            `Godkänn eller avböj under Erbjudna platser: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du organiserar passet och överlämningar behöver godkännas.`,
          ].join('\n'),
        }
      : {
          subject: `A hand-over waits for approval: ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `${to} would like to take over the place ${from} offered on a shift of ${eventName}:`,
            '',
            ...describe(shift, context),
            '',
            `Approve or decline it under Offered places: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you organise this shift and hand-overs need approval.`,
          ].join('\n'),
        };
  },

  /** An organiser declined the reader's request to take over a place: it stays with the one who offered it. */
  handoverDeclined(shift: MailShift, context: MailContext, from: string) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `Överlämningen avböjdes: ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            `en organisatör har avböjt att du tar över platsen som ${from} erbjöd på ett pass i ${eventName}. Passet är inte ditt:`,
            '',
            ...describe(shift, context),
            '',
            `Andra lediga platser och dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du bad om att ta över platsen.`,
          ].join('\n'),
        }
      : {
          subject: `Hand-over declined: ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            `an organiser declined your request to take over the place ${from} offered on a shift of ${eventName}. The shift is not yours:`,
            '',
            ...describe(shift, context),
            '',
            `Other free places and your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you asked to take over this place.`,
          ].join('\n'),
        };
  },

  /** An organiser took the person off the shift, or deleted the shift. */
  removed(shift: MailShift, context: MailContext, deleted: boolean) {
    const { language, eventName } = context;
    return language === 'sv'
      ? {
          subject: `Du har inte längre passet ${shift.title} – ${eventName}`,
          text: [
            `Hej ${context.firstname},`,
            '',
            deleted
              ? `en arrangör av ${eventName} har tagit bort ett pass som du hade:`
              : `en arrangör av ${eventName} har tagit bort dig från ett pass:`,
            '',
            ...describe(shift, context),
            '',
            `Alla dina pass: ${context.link}`,
            '',
            `Du får detta e-postmeddelande från ${eventName} via Funkis eftersom du hade passet.`,
          ].join('\n'),
        }
      : {
          subject: `You no longer have the shift ${shift.title} – ${eventName}`,
          text: [
            `Hello ${context.firstname},`,
            '',
            deleted
              ? `an organiser of ${eventName} deleted a shift you had:`
              : `an organiser of ${eventName} took you off a shift:`,
            '',
            ...describe(shift, context),
            '',
            `All your shifts: ${context.link}`,
            '',
            `You get this e-mail from ${eventName} through Funkis because you had this shift.`,
          ].join('\n'),
        };
  },
};
