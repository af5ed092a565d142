import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFName,
  type PDFObject,
  type PDFPage,
  PDFRawStream,
  PDFRef,
} from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badgeFonts, printable } from '../../src/modules/event-day/badge-sheet.js';
import { dialect } from '../helpers/app.js';
import { createGroup } from '../helpers/factories.js';
import { type EventDay, eventDay } from './fixtures.js';

let day: EventDay;
let stage: { id: number; name: string };
/** Names in scripts the badge font has (Latin with Ł and Þ, Cyrillic, Greek) and one it lacks (Chinese). */
const NAMES = [
  ['Ægir', 'Þórsson'],
  ['Юлия', 'Соколова'],
  ['Ωmega', 'Παπαδοπούλου'],
  ['Łukasz', 'Wrześniewski'],
  ['李', '雷'],
] as const;

beforeAll(async () => {
  day = await eventDay();
  // 25 in the Kitchen with Kim and Anna: two pages of A4 cards (8 a page) would be four; labels (24 a sheet) two.
  for (let index = 0; index < 23; index++) await day.volunteer(day.kitchen.id, 'Łukasz', `Żółć ${index}`);
  stage = await createGroup(day.t.db, day.eventId, 'Сцена');
  for (const [firstname, lastname] of NAMES) await day.volunteer(stage.id, firstname, lastname);
});
afterAll(() => day?.t.close());

const pagesOf = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

const TEXT_OPERATOR = /\/([^\s/<>[\]()]+)\s+[\d.]+\s+Tf|<([0-9A-Fa-f]*)>\s*Tj/g;

/**
 * The text a PDF reader extracts from the sheets: each line drawn (`<glyph ids> Tj`), read back through its font's
 * ToUnicode map, with the fonts the pages use.
 */
async function printedText(bytes: Buffer) {
  const pdf = await PDFDocument.load(bytes);
  const resolve = (object: PDFObject | undefined) => (object instanceof PDFRef ? pdf.context.lookup(object) : object);
  const decoded = (object: PDFObject | undefined) => {
    const stream = resolve(object);
    if (!(stream instanceof PDFRawStream)) throw new Error('not a stream');
    return Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
  };
  const lines: string[] = [];
  /** By reference: pdf-lib names a font anew on a page each time it switches to it. */
  const fonts = new Map<PDFObject, PDFDict>();
  for (const page of pdf.getPages() as PDFPage[]) {
    const resources = page.node.Resources();
    const fontDict = resolve(resources?.get(PDFName.of('Font')));
    const toUnicode = new Map<string, Map<string, string>>();
    if (fontDict instanceof PDFDict) {
      for (const [name, ref] of fontDict.entries()) {
        const font = resolve(ref);
        if (!(font instanceof PDFDict)) continue;
        fonts.set(ref, font);
        const map = new Map<string, string>();
        for (const [, id, unicode] of decoded(font.get(PDFName.of('ToUnicode'))).matchAll(/<(\w+)>\s*<(\w+)>/g)) {
          const units = unicode.match(/.{4}/g)?.map((unit) => Number.parseInt(unit, 16)) ?? [];
          map.set(id.toLowerCase(), String.fromCharCode(...units));
        }
        toUnicode.set(name.asString(), map);
      }
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    let current = '';
    for (const content of streams) {
      for (const [, fontName, hex] of decoded(content).matchAll(TEXT_OPERATOR)) {
        if (fontName) current = `/${fontName}`;
        if (hex === undefined) continue;
        const map = toUnicode.get(current);
        lines.push((hex.toLowerCase().match(/.{4}/g) ?? []).map((id) => map?.get(id) ?? '\uFFFD').join(''));
      }
    }
  }
  return { lines, fonts: [...fonts.values()] };
}

describe(`badges on ${dialect}`, () => {
  it("prints a group's badges as A4 cards or label sheets", async () => {
    const cards = await day.kim.get(`/api/event/${day.eventId}/badges.pdf`);
    expect(cards.statusCode, cards.body).toBe(200);
    expect(cards.headers['content-type']).toBe('application/pdf');
    expect(cards.headers['content-disposition']).toBe('attachment; filename="badges.pdf"');
    expect(cards.headers['cache-control']).toBe('no-store');
    expect(cards.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect(await pagesOf(cards.rawPayload)).toBe(4);
    const labels = await day.admin.get(`/api/event/${day.eventId}/badges.pdf?groupId=${day.kitchen.id}&size=labels`);
    expect(labels.statusCode).toBe(200);
    expect(await pagesOf(labels.rawPayload)).toBe(2);
    const [page] = (await PDFDocument.load(labels.rawPayload)).getPages();
    // A4 in points.
    expect(Math.round(page.getWidth())).toBe(595);
    expect(Math.round(page.getHeight())).toBe(842);
  });

  it("refuses a leader another group's badges and volunteers any", async () => {
    expect((await day.kim.get(`/api/event/${day.eventId}/badges.pdf?groupId=${day.bar.id}`)).statusCode).toBe(403);
    expect((await day.anna.get(`/api/event/${day.eventId}/badges.pdf`)).statusCode).toBe(403);
    expect((await day.admin.get(`/api/event/${day.eventId}/badges.pdf?groupId=2147483647`)).statusCode).toBe(404);
    const all = await day.admin.get(`/api/event/${day.eventId}/badges.pdf`);
    expect(all.statusCode).toBe(200);
    // Admin, Kim, Bea, Anna, Bo, the 23 and the Stage's 5: 33 cards on 5 pages.
    expect(await pagesOf(all.rawPayload)).toBe(5);
  });

  it('prints names in Latin, Cyrillic and Greek as written, in an embedded subset of Noto Sans', async () => {
    const response = await day.admin.get(`/api/event/${day.eventId}/badges.pdf?groupId=${stage.id}`);
    expect(response.statusCode, response.body).toBe(200);
    const { lines, fonts } = await printedText(response.rawPayload);
    for (const [firstname, lastname] of NAMES.slice(0, 4)) {
      expect(lines).toContain(firstname);
      expect(lines).toContain(lastname);
    }
    expect(lines).toContain('Сцена');
    // Chinese is not in the font: a "?" for each character, never a missing or wrong glyph.
    expect(lines).toContain('?');
    expect(lines.filter((line) => line.includes('?'))).toEqual(['?', '?']);
    // Type 0 fonts with a TrueType CID font, the font file embedded: a subset (the whole font is over 600 KB).
    expect(fonts).toHaveLength(2);
    for (const font of fonts) {
      expect(font.get(PDFName.of('Subtype'))).toBe(PDFName.of('Type0'));
      expect(font.get(PDFName.of('BaseFont'))?.toString()).toMatch(/^\/NotoSans-(Regular|Bold)-\d+$/);
      const descendants = font.lookup(PDFName.of('DescendantFonts'), PDFArray);
      const cidFont = descendants.lookup(0, PDFDict);
      expect(cidFont.get(PDFName.of('Subtype'))).toBe(PDFName.of('CIDFontType2'));
      const descriptor = cidFont.lookup(PDFName.of('FontDescriptor'), PDFDict);
      const file = descriptor.lookup(PDFName.of('FontFile2'));
      if (!(file instanceof PDFRawStream)) throw new Error('no embedded TrueType font file');
      expect(decodePDFRawStream(file).decode().length).toBeLessThan(50_000);
    }
    // Five cards: the subsets hold only the glyphs used, not the 600 KB fonts.
    expect(response.rawPayload.length).toBeLessThan(60_000);
  });

  it('replaces only the characters the font has no glyph for', async () => {
    const { regular, bold } = await badgeFonts();
    for (const font of [regular, bold]) {
      for (const name of ['Ægir Þórsson', 'Юлия', 'Ωmega', 'Łukasz', 'Nguyễn', 'Åsa Öberg']) {
        expect(printable(font, name)).toBe(name);
      }
      expect(printable(font, '李雷')).toBe('??');
      expect(printable(font, 'Łi 李')).toBe('Łi ?');
      // Decomposed input is printed composed (one glyph per letter).
      expect(printable(font, 'Zo\u0308e')).toBe('Zöe');
    }
  });
});
