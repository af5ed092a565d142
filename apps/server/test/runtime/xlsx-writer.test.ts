import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { buildXlsx, columnName, sheetTabName } from '../../src/lib/xlsx-writer.js';

/** The file read back by exceljs (its zip and XML readers), as a spreadsheet program would open it. */
async function readBack(file: Uint8Array) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(file.slice().buffer as ArrayBuffer);
  const [sheet] = workbook.worksheets;
  if (!sheet) throw new Error('no sheet');
  return { workbook, sheet, values: (row: number) => (sheet.getRow(row).values as unknown[]).slice(1) };
}

describe('buildXlsx: one sheet as an .xlsx file', () => {
  it('writes the header in bold, the columns at their widths, text as text and numbers as numbers', async () => {
    const file = buildXlsx({
      name: 'Users',
      columns: [{ header: 'Last name', width: 30 }, { header: 'Hours' }, { header: 'Note' }],
      rows: [
        ['Berg', 12.5, ''],
        ['Ek', 0, '=HYPERLINK("http://evil.example")'],
      ],
    });
    const { workbook, sheet, values } = await readBack(file);
    expect(workbook.creator).toBe('Funkis');
    expect(sheet.name).toBe('Users');
    expect(sheet.rowCount).toBe(3);
    expect(values(1)).toEqual(['Last name', 'Hours', 'Note']);
    expect(sheet.getRow(1).getCell(1).font?.bold).toBe(true);
    expect(sheet.getRow(2).getCell(1).font?.bold).toBeUndefined();
    expect([sheet.getColumn(1).width, sheet.getColumn(2).width]).toEqual([30, 20]);
    expect(values(2)).toEqual(['Berg', 12.5, '']);
    expect(sheet.getRow(2).getCell(2).type).toBe(ExcelJS.ValueType.Number);
    // A text that looks like a formula stays a text: never evaluated when the file is opened.
    expect(sheet.getRow(3).getCell(3).type).toBe(ExcelJS.ValueType.String);
    expect(sheet.getRow(3).getCell(3).value).toBe('=HYPERLINK("http://evil.example")');
  });

  it('keeps markup, quotes, non-Latin text and emoji as written, and drops what XML cannot carry', async () => {
    const file = buildXlsx({
      name: 'Texts',
      columns: [{ header: 'A & <B> "C"' }],
      rows: [
        ['<script>alert(1)</script> & Co'],
        ['Åsa Öberg, 田中, 😀'],
        ['bell\u0007 and lone \uD800 surrogate'],
        [' spaced '],
      ],
    });
    const { values } = await readBack(file);
    expect([values(1), values(2), values(3), values(4), values(5)]).toEqual([
      ['A & <B> "C"'],
      ['<script>alert(1)</script> & Co'],
      ['Åsa Öberg, 田中, 😀'],
      ['bell and lone  surrogate'],
      [' spaced '],
    ]);
  });

  it('keeps 10,000 rows, and gives the same bytes for the same sheet', async () => {
    const rows = Array.from({ length: 10_000 }, (_, index) => [
      `Last${index}`,
      index,
      index % 2 === 0 ? 'Bar' : 'Kitchen',
    ]);
    const sheet = {
      name: 'Users',
      columns: [{ header: 'Last name' }, { header: 'Number' }, { header: 'Group' }],
      rows,
    };
    const file = buildXlsx(sheet);
    expect(Buffer.from(buildXlsx(sheet)).equals(Buffer.from(file))).toBe(true);
    // The file's bytes are a buffer of their own, so they can be moved to the server's thread.
    expect([file.byteOffset, file.buffer.byteLength]).toEqual([0, file.byteLength]);
    const { sheet: read, values } = await readBack(file);
    expect(read.rowCount).toBe(10_001);
    expect(values(10_001)).toEqual(['Last9999', 9999, 'Kitchen']);
    expect(values(2)).toEqual(['Last0', 0, 'Bar']);
  });
});

describe('column and tab names', () => {
  it('names columns as spreadsheets do', () => {
    expect([0, 1, 25, 26, 27, 51, 52, 701, 702, 16_383].map(columnName)).toEqual([
      'A',
      'B',
      'Z',
      'AA',
      'AB',
      'AZ',
      'BA',
      'ZZ',
      'AAA',
      'XFD',
    ]);
  });

  it('keeps a tab name within Excel’s rules', () => {
    expect(sheetTabName('Hours: week 1/2 [draft]?')).toBe('Hours  week 1 2  draft');
    expect(sheetTabName('A name much longer than thirty-one characters')).toHaveLength(31);
    expect(sheetTabName(' *? ')).toBe('Sheet1');
  });
});
