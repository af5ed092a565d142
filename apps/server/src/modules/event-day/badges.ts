import { PDFDocument, type PDFFont, rgb, StandardFonts } from 'pdf-lib';
import QRCode from 'qrcode';
import { exportQueue } from '../../lib/table-export.js';

/** One badge: the name and group printed, the code carried by the QR code. */
export interface Badge {
  firstname: string;
  lastname: string;
  group: string;
  code: string;
}

export type BadgeSize = 'a4' | 'labels';

const MM = 72 / 25.4;
const BADGES_PER_TURN = 6;
const A4 = { width: 210 * MM, height: 297 * MM };

/** A sheet's grid: columns × rows of cards, each `width` × `height`, from the top-left `left`, `top`. */
interface Sheet {
  columns: number;
  rows: number;
  width: number;
  height: number;
  left: number;
  top: number;
}

const SHEETS: Record<BadgeSize, Sheet> = {
  // Cards to cut out: 2 × 4 with a 10 mm margin.
  a4: { columns: 2, rows: 4, width: 95 * MM, height: 69.25 * MM, left: 10 * MM, top: 10 * MM },
  // The common 70 × 37 mm label sheet: 3 × 8 labels, no side margin, 0.5 mm at the top.
  labels: { columns: 3, rows: 8, width: 70 * MM, height: 37 * MM, left: 0, top: 0.5 * MM },
};

/** The standard fonts write WinAnsi only: characters outside it (other scripts) print as "?" instead of failing. */
const characterSets = new WeakMap<PDFFont, Set<number>>();
function printable(font: PDFFont, text: string): string {
  let supported = characterSets.get(font);
  if (!supported) {
    supported = new Set(font.getCharacterSet());
    characterSets.set(font, supported);
  }
  return [...text.normalize('NFC')]
    .map((character) => (supported.has(character.codePointAt(0) ?? 0) ? character : '?'))
    .join('');
}

/** The text at `size`, or smaller down to two thirds of it, and shortened with an ellipsis if it still does not fit. */
function fitted(font: PDFFont, text: string, size: number, width: number): { text: string; size: number } {
  const natural = font.widthOfTextAtSize(text, size);
  if (natural <= width) return { text, size };
  const smaller = Math.max((size * 2) / 3, (size * width) / natural);
  if (font.widthOfTextAtSize(text, smaller) <= width) return { text, size: smaller };
  let cut = text;
  while (cut.length > 1 && font.widthOfTextAtSize(`${cut}…`, smaller) > width) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: smaller };
}

/**
 * The QR code as content-stream text: one rectangle per run of dark modules in a row, in module units scaled by
 * one `cm`. Written as text rather than through `drawRectangle`, which costs a tenth of a millisecond per
 * rectangle, hundreds per code.
 */
function qrOperators(text: string, x: number, y: number, side: number): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  // The four-module quiet zone the standard asks for: scanners lose codes that sit close to text or another code.
  const quiet = 4;
  const span = modules.size + 2 * quiet;
  const cell = side / span;
  const runs: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    let column = 0;
    while (column < modules.size) {
      if (!modules.get(row, column)) {
        column += 1;
        continue;
      }
      const start = column;
      while (column < modules.size && modules.get(row, column)) column += 1;
      runs.push(`${quiet + start} ${span - quiet - row - 1} ${column - start} 1 re`);
    }
  }
  return `q ${cell.toFixed(4)} 0 0 ${cell.toFixed(4)} ${x.toFixed(2)} ${y.toFixed(2)} cm 0 g\n${runs.join('\n')}\nf Q\n`;
}

/**
 * The badges as a PDF, in the bounded export queue (one at a time, a few waiting: decision 024), a page at a time
 * with a turn of the event loop between pages and while saving, so a big event's sheets never stall other requests.
 */
export function badgesPdf(badges: readonly Badge[], size: BadgeSize): Promise<Buffer> {
  return exportQueue.run(async () => {
    const pdf = await PDFDocument.create();
    pdf.setTitle('Badges');
    pdf.setCreator('Funkis');
    const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
    const regular = await pdf.embedFont(StandardFonts.Helvetica);
    await new Promise(setImmediate);
    const sheet = SHEETS[size];
    const perPage = sheet.columns * sheet.rows;
    const pages = Math.max(1, Math.ceil(badges.length / perPage));
    const padding = (size === 'labels' ? 3 : 5) * MM;
    for (let pageIndex = 0; pageIndex < pages; pageIndex++) {
      if (pageIndex > 0) await new Promise(setImmediate);
      const page = pdf.addPage([A4.width, A4.height]);
      const codes: string[] = [];
      const onPage = badges.slice(pageIndex * perPage, (pageIndex + 1) * perPage);
      for (const [index, badge] of onPage.entries()) {
        // A QR code takes a millisecond or two: the loop turns every few badges, not only between pages.
        if (index > 0 && index % BADGES_PER_TURN === 0) await new Promise(setImmediate);
        const column = index % sheet.columns;
        const row = Math.floor(index / sheet.columns);
        const left = sheet.left + column * sheet.width;
        const bottom = A4.height - sheet.top - (row + 1) * sheet.height;
        if (size === 'a4') {
          page.drawRectangle({
            x: left,
            y: bottom,
            width: sheet.width,
            height: sheet.height,
            borderColor: rgb(0.75, 0.75, 0.75),
            borderWidth: 0.5,
          });
        }
        const side = Math.min(sheet.height - 2 * padding, sheet.width * 0.45);
        codes.push(qrOperators(badge.code, left + sheet.width - padding - side, bottom + padding, side));
        const textWidth = sheet.width - 3 * padding - side;
        const large = size === 'labels' ? 12 : 20;
        const small = size === 'labels' ? 8 : 11;
        // First name large, last name under it, then the group: what a person at the desk reads first.
        let y = bottom + sheet.height - padding;
        for (const [text, font, wanted] of [
          [badge.firstname, bold, large],
          [badge.lastname, bold, large * 0.7],
          [badge.group, regular, small],
        ] as const) {
          if (!text) continue;
          const line = fitted(font, printable(font, text), wanted, textWidth);
          y -= line.size * 1.25;
          page.drawText(line.text, { x: left + padding, y, size: line.size, font });
        }
      }
      page.node.addContentStream(pdf.context.register(pdf.context.flateStream(codes.join(''))));
    }
    return Buffer.from(await pdf.save({ objectsPerTick: 20 }));
  });
}
