import { guardFormula } from '@funkis/shared';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, dialect, type TestApp } from '../helpers/app.js';
import { addMember, createEvent, createGroup, createUser, loginAs } from '../helpers/factories.js';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

/**
 * A CSV line as a spreadsheet program reads it with `separator`, honouring quotes of that separator only (a
 * program set to `;` opening a `,` file, and the other way round, is the case to survive).
 */
function readCells(text: string, separator: string): string[] {
  const cells: string[] = [];
  for (const line of text.replace(/^\uFEFF/, '').split('\r\n')) {
    let cell = '';
    let quoted = false;
    for (let index = 0; index < line.length; index++) {
      const character = line[index];
      if (character === '"') {
        if (quoted && line[index + 1] === '"') {
          cell += '"';
          index++;
        } else quoted = !quoted;
      } else if (character === separator && !quoted) {
        cells.push(cell);
        cell = '';
      } else cell += character;
    }
    cells.push(cell);
  }
  return cells;
}

const FORMULA = /^[=+\-@\t\r]/;

/** No cell of the users export starts a formula, whatever separator the reader uses. */
describe(`users export as CSV on ${dialect}`, () => {
  it('quotes every field and neutralises formula characters after any separator', async () => {
    const admin = await createUser(t.db, { firstname: 'Ada', lastname: 'Admin' });
    const event = await createEvent(t.db, { adminId: admin.id });
    const stalls = await createGroup(t.db, event.id, 'Stalls;=1+1;');
    const bar = await createGroup(t.db, event.id, 'Bar,+SUM(A1),|@x\t-y');
    const volunteer = await createUser(t.db, { firstname: 'Vera', lastname: 'Volunteer' });
    await addMember(t.db, event.id, volunteer.id, 2, stalls.id);
    const other = await createUser(t.db, { firstname: 'Olle', lastname: 'Other' });
    await addMember(t.db, event.id, other.id, 2, bar.id);
    const client = await loginAs(t.app, admin);

    for (const delimiter of ['comma', 'semicolon'] as const) {
      const response = await client.get(`/api/event/${event.id}/users/export?format=csv&delimiter=${delimiter}`);
      expect(response.statusCode).toBe(200);
      expect(response.body.startsWith('\uFEFF')).toBe(true);
      const own = delimiter === 'comma' ? ',' : ';';
      // Every field quoted in the file's own dialect.
      for (const line of response.body
        .replace(/^\uFEFF/, '')
        .trimEnd()
        .split('\r\n')) {
        expect(line.startsWith('"') && line.endsWith('"')).toBe(true);
        expect(line.split(`"${own}"`).length).toBe(5);
      }
      for (const separator of [',', ';', '\t', '|']) {
        const cells = readCells(response.body, separator).map((cell) => cell.trimStart());
        expect(cells.filter((cell) => FORMULA.test(cell))).toEqual([]);
      }
      // The file's own reading keeps the names, with the guard apostrophes.
      const ownCells = readCells(response.body, own);
      expect(ownCells).toContain("Stalls;'=1+1;");
    }
  });

  it('guards formula characters at the start and after separators only', () => {
    expect(guardFormula('=1+1')).toBe("'=1+1");
    expect(guardFormula('a;=b')).toBe("a;'=b");
    expect(guardFormula('a, -b')).toBe("a, '-b");
    expect(guardFormula('Anna-Karin')).toBe('Anna-Karin');
    expect(guardFormula('a@b.se')).toBe('a@b.se');
  });
});
