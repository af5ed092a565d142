import type { UnmetReason } from '@funkis/shared';
import type { MailLanguage } from '../../lib/language.js';
import { type MailShift, shiftWhen } from '../scheduling/mails.js';

export interface ResultMailContext {
  language: MailLanguage;
  firstname: string;
  eventName: string;
  timeZone: string;
  roundTitle: string;
  /** The round's page: /event/{id}/wish-rounds/{roundId}. */
  link: string;
  /**
   * Each shift's line kept for the next mail of this language and zone: a round tells thousands of people about the
   * same shifts, and formatting a line makes two `Intl.DateTimeFormat`s.
   */
  lines?: Map<MailShift, string>;
}

const reasons: Record<MailLanguage, Record<UnmetReason, string>> = {
  en: {
    full: 'the shift was full',
    overlap: 'it overlaps another of your shifts',
    rest: 'too little rest between it and another of your shifts',
    fairness: 'others came before you in the fair order',
    count: 'you already got as many shifts as you asked for',
  },
  sv: {
    full: 'passet var fullt',
    overlap: 'det krockar med ett annat av dina pass',
    rest: 'för lite vila mellan det och ett annat av dina pass',
    fairness: 'andra kom före dig i den rättvisa ordningen',
    count: 'du fick redan så många pass som du bad om',
  },
};

/** "Your shifts from <round>": what the reader got and, for each wish not met, why. English or Swedish. */
export function resultMail(
  context: ResultMailContext,
  assigned: readonly MailShift[],
  unmet: readonly { shift: MailShift; reason: UnmetReason }[],
): { subject: string; text: string } {
  const { language, eventName } = context;
  const sv = language === 'sv';
  const line = (shift: MailShift) => {
    let text = context.lines?.get(shift);
    if (text === undefined) {
      text = `  ${shift.title}, ${shiftWhen(shift, language, context.timeZone)}${shift.location ? `, ${shift.location}` : ''}`;
      context.lines?.set(shift, text);
    }
    return text;
  };
  const text = [
    `${sv ? 'Hej' : 'Hello'} ${context.firstname},`,
    '',
    sv
      ? `fördelningen av önskemålen i "${context.roundTitle}" på ${eventName} är klar.`
      : `the wishes of "${context.roundTitle}" at ${eventName} have been allocated.`,
    '',
    ...(assigned.length > 0
      ? [sv ? 'Dina pass:' : 'Your shifts:', ...assigned.map(line)]
      : [sv ? 'Du fick inget pass i den här omgången.' : 'You got no shift in this round.']),
    ...(unmet.length > 0
      ? [
          '',
          sv ? 'Önskemål som inte kunde uppfyllas:' : 'Wishes that could not be met:',
          ...unmet.map((entry) => `${line(entry.shift)} (${reasons[language][entry.reason]})`),
        ]
      : []),
    '',
    sv ? `Se resultatet: ${context.link}` : `See the result: ${context.link}`,
    '',
    sv
      ? `Du får detta e-postmeddelande eftersom du lämnade önskemål i ${eventName}.`
      : `You get this e-mail because you gave your wishes at ${eventName}.`,
  ].join('\n');
  return {
    subject: sv
      ? `Dina pass från ${context.roundTitle} – ${eventName}`
      : `Your shifts from ${context.roundTitle} – ${eventName}`,
    text,
  };
}
