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

/** One mail's words in one language: its subject, what happened, where to act, and why the reader gets it. */
interface MailWords {
  subject: string;
  intro: string;
  action: string;
  because: string;
}

/**
 * A scheduling mail in the reader's language: the greeting, what happened, the shift, where to act, and the footer
 * that says which event sent it and why the reader gets it.
 */
function shiftMail(context: MailContext, shiftLines: string[], words: Record<MailLanguage, MailWords>) {
  const { subject, intro, action, because } = words[context.language];
  const sv = context.language === 'sv';
  return {
    subject,
    text: [
      `${sv ? 'Hej' : 'Hello'} ${context.firstname},`,
      '',
      intro,
      '',
      ...shiftLines,
      '',
      action,
      '',
      sv
        ? `Du får detta e-postmeddelande från ${context.eventName} via Funkis eftersom ${because}`
        : `You get this e-mail from ${context.eventName} through Funkis because ${because}`,
    ].join('\n'),
  };
}

/**
 * The mails of shift scheduling, in English or Swedish. Each says which event sent it and why the
 * reader gets it.
 */
export const schedulingMails = {
  reminder(shift: MailShift, context: MailContext, hours: number) {
    const { eventName, link } = context;
    const when = shiftWhen(shift, context.language, context.timeZone);
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `Påminnelse: ${shift.title}, ${when} – ${eventName}`,
        intro: `en påminnelse om ditt pass på ${eventName}:`,
        action: `Alla dina pass: ${link}`,
        because: `du har passet; arrangörerna skickar en påminnelse ${hours} timmar före varje pass.`,
      },
      en: {
        subject: `Reminder: ${shift.title}, ${when} – ${eventName}`,
        intro: `a reminder of your shift at ${eventName}:`,
        action: `All your shifts: ${link}`,
        because: `you have this shift; the organisers send a reminder ${hours} hours before each shift.`,
      },
    });
  },

  changed(before: MailShift, after: MailShift, context: MailContext) {
    const { eventName, link } = context;
    const sv = context.language === 'sv';
    const shiftLines = [
      sv ? 'Nu:' : 'Now:',
      ...describe(after, context),
      '',
      sv ? 'Tidigare:' : 'Before:',
      ...describe(before, context),
    ];
    return shiftMail(context, shiftLines, {
      sv: {
        subject: `Ditt pass har ändrats: ${after.title} – ${eventName}`,
        intro: `en arrangör av ${eventName} har ändrat ett pass som du har.`,
        action: `Alla dina pass: ${link}`,
        because: 'du har passet.',
      },
      en: {
        subject: `Your shift was changed: ${after.title} – ${eventName}`,
        intro: `an organiser of ${eventName} changed a shift you have.`,
        action: `All your shifts: ${link}`,
        because: 'you have this shift.',
      },
    });
  },

  /** A place came free on a shift the reader waited for, and is now theirs. */
  waitlistPlace(shift: MailShift, context: MailContext) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `Du har fått en plats: ${shift.title} – ${eventName}`,
        intro: `en plats blev ledig på ett pass i ${eventName} som du väntade på, och den är nu din:`,
        action: `Kan du inte? Lämna tillbaka platsen bland dina pass, så går den till nästa som väntar: ${link}`,
        because: 'du stod på väntelistan för passet.',
      },
      en: {
        subject: `You have a place: ${shift.title} – ${eventName}`,
        intro: `a place came free on a shift of ${eventName} you were waiting for, and it is now yours:`,
        action: `Can't make it? Give the place back among your shifts and it goes to the next in line: ${link}`,
        because: 'you were on the waitlist of this shift.',
      },
    });
  },
  /** The reader took over a place another volunteer offered (decision 033). */
  handoverTaken(shift: MailShift, context: MailContext, from: string) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `Du har tagit över en plats: ${shift.title} – ${eventName}`,
        intro: `du har tagit över platsen som ${from} erbjöd på ett pass i ${eventName}, och den är nu din:`,
        action: `Alla dina pass: ${link}`,
        because: 'du tog platsen.',
      },
      en: {
        subject: `You took over a place: ${shift.title} – ${eventName}`,
        intro: `you took over the place ${from} offered on a shift of ${eventName}, and it is now yours:`,
        action: `All your shifts: ${link}`,
        because: 'you took this place.',
      },
    });
  },

  /** Someone took over the place the reader offered: they no longer have the shift. */
  handoverGiven(shift: MailShift, context: MailContext, to: string) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `${to} har tagit över din plats: ${shift.title} – ${eventName}`,
        intro: `${to} har tagit över platsen som du erbjöd på ett pass i ${eventName}. Du har inte längre passet:`,
        action: `Alla dina pass: ${link}`,
        because: 'du erbjöd platsen.',
      },
      en: {
        subject: `${to} took over your place: ${shift.title} – ${eventName}`,
        intro: `${to} took over the place you offered on a shift of ${eventName}. You no longer have this shift:`,
        action: `All your shifts: ${link}`,
        because: 'you offered this place.',
      },
    });
  },

  /** A hand-over waits for the reader's approval (an admin, or a leader of the shift's group). */
  handoverPending(shift: MailShift, context: MailContext, from: string, to: string) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `En överlämning väntar på godkännande: ${shift.title} – ${eventName}`,
        intro: `${to} vill ta över platsen som ${from} erbjöd på ett pass i ${eventName}:`,
        action: `Godkänn eller avböj under Erbjudna platser: ${link}`,
        because: 'du organiserar passet och överlämningar behöver godkännas.',
      },
      en: {
        subject: `A hand-over waits for approval: ${shift.title} – ${eventName}`,
        intro: `${to} would like to take over the place ${from} offered on a shift of ${eventName}:`,
        action: `Approve or decline it under Offered places: ${link}`,
        because: 'you organise this shift and hand-overs need approval.',
      },
    });
  },

  /** An organiser declined the reader's request to take over a place: it stays with the one who offered it. */
  handoverDeclined(shift: MailShift, context: MailContext, from: string) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `Överlämningen avböjdes: ${shift.title} – ${eventName}`,
        intro: `en organisatör har avböjt att du tar över platsen som ${from} erbjöd på ett pass i ${eventName}. Passet är inte ditt:`,
        action: `Andra lediga platser och dina pass: ${link}`,
        because: 'du bad om att ta över platsen.',
      },
      en: {
        subject: `Hand-over declined: ${shift.title} – ${eventName}`,
        intro: `an organiser declined your request to take over the place ${from} offered on a shift of ${eventName}. The shift is not yours:`,
        action: `Other free places and your shifts: ${link}`,
        because: 'you asked to take over this place.',
      },
    });
  },

  /** An organiser took the person off the shift, or deleted the shift. */
  removed(shift: MailShift, context: MailContext, deleted: boolean) {
    const { eventName, link } = context;
    return shiftMail(context, describe(shift, context), {
      sv: {
        subject: `Du har inte längre passet ${shift.title} – ${eventName}`,
        intro: deleted
          ? `en arrangör av ${eventName} har tagit bort ett pass som du hade:`
          : `en arrangör av ${eventName} har tagit bort dig från ett pass:`,
        action: `Alla dina pass: ${link}`,
        because: 'du hade passet.',
      },
      en: {
        subject: `You no longer have the shift ${shift.title} – ${eventName}`,
        intro: deleted
          ? `an organiser of ${eventName} deleted a shift you had:`
          : `an organiser of ${eventName} took you off a shift:`,
        action: `All your shifts: ${link}`,
        because: 'you had this shift.',
      },
    });
  },
};
