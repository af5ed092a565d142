import { type Answers, type FormField, STATISTICS_OPTION_FIELD_TYPES } from '@funkis/shared';

/** One option an application's answers choose: a row of `application_choices`, which the statistics count. */
export interface Choice {
  field: string;
  value: string;
  position: number;
}

const COUNTED_TYPES: ReadonlySet<string> = new Set(STATISTICS_OPTION_FIELD_TYPES);

/**
 * The options the answers choose in the form's select, radio, checkbox and checkboxes questions: a checkbox as
 * 'true' / 'false', each value of a checkboxes answer at its position (0 for the first or only value). Answers are
 * validated against the same form before they are stored, so an option question holds option values only.
 */
export function choicesOf(fields: readonly FormField[], answers: Answers): Choice[] {
  const choices: Choice[] = [];
  for (const field of fields) {
    if (!COUNTED_TYPES.has(field.type) || !Object.hasOwn(answers, field.name)) continue;
    const answer = answers[field.name];
    if (answer === null || answer === undefined) continue;
    const values = Array.isArray(answer) ? answer : [answer];
    values.forEach((value, position) => {
      if (value !== null && value !== undefined) choices.push({ field: field.name, value: String(value), position });
    });
  }
  return choices;
}
