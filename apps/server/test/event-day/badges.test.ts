import { PDFDocument } from 'pdf-lib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialect } from '../helpers/app.js';
import { type EventDay, eventDay } from './fixtures.js';

let day: EventDay;
beforeAll(async () => {
  day = await eventDay();
  // 25 in the Kitchen with Kim and Anna: two pages of A4 cards (8 a page) would be four; labels (24 a sheet) two.
  for (let index = 0; index < 23; index++) await day.volunteer(day.kitchen.id, 'Łukasz', `Żółć ${index}`);
});
afterAll(() => day?.t.close());

const pagesOf = async (bytes: Buffer) => (await PDFDocument.load(bytes)).getPageCount();

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
    // Admin, Kim, Bea, Anna, Bo and the 23: 28 cards on 4 pages.
    expect(await pagesOf(all.rawPayload)).toBe(4);
  });
});
