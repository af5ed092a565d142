import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import type Fontkit from '@pdf-lib/fontkit';
import type { PDFFont } from 'pdf-lib';
import type QRCodeLibrary from 'qrcode';

/**
 * Badges drawn as a PDF: what the badges' worker thread runs (badges-worker.ts), away from the server's event loop.
 *
 * pdf-lib, fontkit and qrcode take about half a second to load: they are loaded with the first badges of the
 * thread, not on import, so a test that reads `printable` goes without them.
 */
let libraries:
  | Promise<{
      fontkit: typeof Fontkit;
      pdfLib: typeof import('pdf-lib');
      QRCode: typeof QRCodeLibrary;
    }>
  | undefined;
function badgeLibraries() {
  libraries ??= Promise.all([import('@pdf-lib/fontkit'), import('pdf-lib'), import('qrcode')]).then(
    ([fontkit, pdfLib, qrcode]) => ({ fontkit: fontkit.default, pdfLib, QRCode: qrcode.default }),
  );
  // A failed load is tried again by the next request rather than kept.
  libraries.catch(() => {
    libraries = undefined;
  });
  return libraries;
}

/** One badge: the name and group printed, the code carried by the QR code. */
export interface Badge {
  firstname: string;
  lastname: string;
  group: string;
  code: string;
}

export type BadgeSize = 'a4' | 'labels';

const MM = 72 / 25.4;
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

/**
 * Noto Sans (SIL Open Font License, which allows embedding), regular and bold, as TrueType from
 * `@expo-google-fonts/noto-sans`: Latin with its extensions, Greek, Cyrillic, Vietnamese and Devanagari. Each PDF
 * embeds a subset: only the glyphs its names use. Scripts the font lacks (Chinese, Japanese, Korean, Hebrew,
 * Arabic, Georgian, Armenian…) print as "?" instead of failing (decision 028).
 */
const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans/400Regular/NotoSans_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans/700Bold/NotoSans_700Bold.ttf',
} as const;

/**
 * pdf-lib writes glyph ids without positions, so the kerning and mark placement fontkit would work out (GPOS) are
 * thrown away; they were two thirds of the layout time in a profile of 5,000 badges. Glyph substitution stays.
 */
const LAYOUT_FEATURES = { kern: false, mark: false, mkmk: false, curs: false, dist: false, abvm: false, blwm: false };

type FontkitFont = ReturnType<typeof Fontkit.create>;
/** A font file read and parsed once per process, with the code points it has glyphs for. */
export interface BadgeFont {
  bytes: Uint8Array;
  parsed: FontkitFont;
  codePoints: ReadonlySet<number>;
}

let fonts: Promise<{ regular: BadgeFont; bold: BadgeFont }> | undefined;

/** The two fonts, read and parsed on the first badges of the thread and kept. */
export function badgeFonts(): Promise<{ regular: BadgeFont; bold: BadgeFont }> {
  fonts ??= (async () => {
    const { fontkit } = await badgeLibraries();
    const resolve = createRequire(import.meta.url).resolve;
    const load = async (file: string): Promise<BadgeFont> => {
      const bytes = new Uint8Array(await fs.readFile(resolve(file)));
      const parsed = fontkit.create(bytes);
      return { bytes, parsed, codePoints: new Set(parsed.characterSet) };
    };
    return { regular: await load(FONT_FILES.regular), bold: await load(FONT_FILES.bold) };
  })();
  // A failed read is tried again by the next request rather than kept.
  fonts.catch(() => {
    fonts = undefined;
  });
  return fonts;
}

/** The text with every character the font has no glyph for replaced by "?". */
export function printable(font: Pick<BadgeFont, 'codePoints'>, text: string): string {
  return [...text.normalize('NFC')]
    .map((character) => (font.codePoints.has(character.codePointAt(0) ?? 0) ? character : '?'))
    .join('');
}

/** A text's width at `size` in the font; each text is laid out once per PDF (widths scale with the size). */
type Measure = (text: string, size: number) => number;
function measure(font: PDFFont): Measure {
  const widths = new Map<string, number>();
  return (text, size) => {
    let width = widths.get(text);
    if (width === undefined) {
      width = font.widthOfTextAtSize(text, 1);
      widths.set(text, width);
    }
    return width * size;
  };
}

/** The text at `size`, or smaller down to two thirds of it, and shortened with an ellipsis if it still does not fit. */
function fitted(widthOf: Measure, text: string, size: number, width: number): { text: string; size: number } {
  const natural = widthOf(text, size);
  if (natural <= width) return { text, size };
  const smaller = Math.max((size * 2) / 3, (size * width) / natural);
  if (widthOf(text, smaller) <= width) return { text, size: smaller };
  let cut = text;
  while (cut.length > 1 && widthOf(`${cut}…`, smaller) > width) cut = cut.slice(0, -1);
  return { text: `${cut.trimEnd()}…`, size: smaller };
}

/**
 * The QR code as content-stream text: one rectangle per run of dark modules in a row, in module units scaled by
 * one `cm`. Written as text rather than through `drawRectangle`, which costs a tenth of a millisecond per
 * rectangle, hundreds per code.
 */
function qrOperators(QRCode: typeof QRCodeLibrary, text: string, x: number, y: number, side: number): string {
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
 * The badges as a PDF. A badge costs 2–4 ms of one core (its QR code, its three lines of text) and the first of a
 * thread half a second more: run in the badges' worker thread, never on the server's (badges.ts).
 */
export async function drawBadgesPdf(badges: readonly Badge[], size: BadgeSize): Promise<Uint8Array> {
  const {
    fontkit,
    pdfLib: { PDFDocument, rgb },
    QRCode,
  } = await badgeLibraries();
  const { regular: regularFont, bold: boldFont } = await badgeFonts();
  const pdf = await PDFDocument.create();
  pdf.setTitle('Badges');
  pdf.setCreator('Funkis');
  // pdf-lib asks fontkit to parse the bytes it embeds: it gets the fonts parsed once for the process.
  const parsed = new Map([regularFont, boldFont].map((font) => [font.bytes, font.parsed]));
  pdf.registerFontkit({ create: (bytes) => parsed.get(bytes) ?? fontkit.create(bytes) });
  const bold = await pdf.embedFont(boldFont.bytes, { subset: true, features: LAYOUT_FEATURES });
  const regular = await pdf.embedFont(regularFont.bytes, { subset: true, features: LAYOUT_FEATURES });
  const widthOf = new Map([bold, regular].map((font) => [font, measure(font)]));
  const sheet = SHEETS[size];
  const perPage = sheet.columns * sheet.rows;
  const pages = Math.max(1, Math.ceil(badges.length / perPage));
  const padding = (size === 'labels' ? 3 : 5) * MM;
  for (let pageIndex = 0; pageIndex < pages; pageIndex++) {
    const page = pdf.addPage([A4.width, A4.height]);
    const codes: string[] = [];
    const onPage = badges.slice(pageIndex * perPage, (pageIndex + 1) * perPage);
    for (const [index, badge] of onPage.entries()) {
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
      codes.push(qrOperators(QRCode, badge.code, left + sheet.width - padding - side, bottom + padding, side));
      const textWidth = sheet.width - 3 * padding - side;
      const large = size === 'labels' ? 12 : 20;
      const small = size === 'labels' ? 8 : 11;
      // First name large, last name under it, then the group: what a person at the desk reads first.
      let y = bottom + sheet.height - padding;
      for (const [text, font, glyphs, wanted] of [
        [badge.firstname, bold, boldFont, large],
        [badge.lastname, bold, boldFont, large * 0.7],
        [badge.group, regular, regularFont, small],
      ] as const) {
        if (!text) continue;
        const line = fitted(widthOf.get(font) ?? measure(font), printable(glyphs, text), wanted, textWidth);
        y -= line.size * 1.25;
        page.drawText(line.text, { x: left + padding, y, size: line.size, font });
      }
    }
    page.node.addContentStream(pdf.context.register(pdf.context.flateStream(codes.join(''))));
  }
  return pdf.save({ objectsPerTick: Number.POSITIVE_INFINITY });
}
