import { formFieldSchema, formFieldsSchema } from '@funkis/shared';
import { describe, expect, it } from 'vitest';
import { parseJsonArraySliced, parseSliced } from '../../src/lib/sliced-parse.js';
import { parseFields, parseFieldsSliced } from '../../src/modules/forms/service.js';

/** The sliced parsers (docs/decisions/021) give what one parse gives, for every shape of text. */
describe('parsing a form a slice at a time', () => {
  const field = (n: number) => ({
    name: `form-field-custom-${n}`,
    type: 'select',
    label: `Q "${n}" [x] {y} \\ , ]`,
    options: [{ value: 'a,]', label: 'A "quoted" \\n' }],
  });
  const texts = [
    '[]',
    ' [ ] ',
    JSON.stringify(Array.from({ length: 45 }, (_, n) => field(n))),
    JSON.stringify([field(1), [1, [2, { a: ']' }]], 'x', 3, null, true]),
    `\n[ ${JSON.stringify(field(2))} ,\t${JSON.stringify(field(3))} ]\n`,
    JSON.stringify(Array.from({ length: 201 }, (_, n) => field(n))),
  ];
  const broken = ['', '{}', '"x"', '[1,]', '[,1]', '[1 2]', '[1]]', '[1] x', '[{]', '[1', '[}', '["a]'];

  it('answers the elements of JSON.parse for an array, and null for anything else', async () => {
    for (const text of texts) expect(await parseJsonArraySliced(text), text.slice(0, 40)).toEqual(JSON.parse(text));
    for (const text of broken) expect(await parseJsonArraySliced(text), text).toBeNull();
  });

  it('reads the stored fields as parseFields does', async () => {
    for (const text of [...texts, ...broken]) {
      expect(await parseFieldsSliced(text), text.slice(0, 40)).toEqual(parseFields(text));
    }
  });

  it('reports the same values and issues as one parse of the array', async () => {
    const items = [
      field(1),
      { ...field(2), type: 'nope' },
      field(3),
      { name: '' },
      ...Array.from({ length: 30 }, (_, n) => field(n + 4)),
    ];
    const whole = formFieldsSchema.safeParse(items);
    const sliced = await parseSliced(formFieldSchema, items);
    expect(sliced.success).toBe(false);
    expect(sliced.success ? [] : sliced.issues).toEqual(whole.error?.issues);
    const good = items.filter((_, index) => index !== 1 && index !== 3);
    expect(await parseSliced(formFieldSchema, good)).toEqual({ success: true, data: formFieldsSchema.parse(good) });
  });
});
