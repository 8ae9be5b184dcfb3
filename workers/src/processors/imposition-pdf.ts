// Draws an imposition layout into one print-ready PDF with pdf-lib: a PDF page per sheet side (front, then
// its back in book mode), each page's image fitted into its bleed box, crop marks in the cut gaps and
// punch marks along the top edge. A demo draws numbered placeholders instead of images.
import type { Box, Layout, PlacedPage } from '@club/core/print/layout';
import type { ImpositionSettings } from '@club/core/print/settings';
import { PDFDocument, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

export const POINTS_PER_MM = 72 / 25.4;
const pt = (mm: number) => mm * POINTS_PER_MM;

/** A page's artwork: a JPEG or PNG placed as it is, or the first page of a PDF. */
export type PageArt = { kind: 'jpg' | 'png'; bytes: Uint8Array } | { kind: 'pdf'; bytes: Uint8Array };

export interface RenderOptions {
  layout: Layout;
  settings: ImpositionSettings;
  /** The artwork of page `index`; never called for a demo. */
  art: ((index: number) => Promise<PageArt>) | null;
  /** Called after each sheet side with the sides done and the total. */
  progress?: (done: number, total: number) => Promise<void>;
}

/** Where artwork of `width` × `height` goes inside `box` (mm): as large as fits, centred, never distorted. */
export function fitInto(box: Box, width: number, height: number): Box {
  const scale = Math.min(box.width / width, box.height / height);
  const w = width * scale;
  const h = height * scale;
  return { x: box.x + (box.width - w) / 2, y: box.y + (box.height - h) / 2, width: w, height: h };
}

export async function renderImpositionPdf(options: RenderOptions): Promise<Uint8Array> {
  const { layout, settings } = options;
  const pdf = await PDFDocument.create();
  pdf.setTitle('Imposition');
  pdf.setCreator('Photography club portal');
  const font = await pdf.embedFont(StandardFonts.HelveticaBold);
  const sheetHeight = layout.sheetHeightMm;
  const sides: ('front' | 'back')[] = layout.sides === 2 ? ['front', 'back'] : ['front'];
  const total = layout.sheets * sides.length;
  let done = 0;
  for (let sheet = 0; sheet < layout.sheets; sheet++) {
    for (const side of sides) {
      const page = pdf.addPage([pt(layout.sheetWidthMm), pt(sheetHeight)]);
      // The sheet's printable area is the trim of the sheet as a printer sees it.
      const placed = layout.placements.filter((item) => item.sheet === sheet && item.side === side);
      for (const item of placed) {
        if (options.art) await drawArt(pdf, page, item, await options.art(item.page), sheetHeight);
        else drawPlaceholder(page, item, sheetHeight, font);
      }
      if (settings.cropMarks) drawCropMarks(page, placed, settings, sheetHeight);
      if (settings.punchMarks) drawPunchMarks(page, layout, settings, sheetHeight);
      done++;
      await options.progress?.(done, total);
    }
  }
  return pdf.save();
}

/** A box in mm from the top-left corner, as pdf-lib's points from the bottom-left. */
const toPdf = (box: Box, sheetHeight: number) => ({
  x: pt(box.x),
  y: pt(sheetHeight - box.y - box.height),
  width: pt(box.width),
  height: pt(box.height),
});

async function drawArt(pdf: PDFDocument, page: PDFPage, item: PlacedPage, art: PageArt, sheetHeight: number) {
  if (art.kind === 'pdf') {
    const [embedded] = await pdf.embedPdf(art.bytes, [0]);
    if (!embedded) throw new Error(`page ${item.page + 1}: the PDF has no page`);
    page.drawPage(embedded, toPdf(fitInto(item.bleedBox, embedded.width, embedded.height), sheetHeight));
    return;
  }
  const image = art.kind === 'jpg' ? await pdf.embedJpg(art.bytes) : await pdf.embedPng(art.bytes);
  page.drawImage(image, toPdf(fitInto(item.bleedBox, image.width, image.height), sheetHeight));
}

function drawPlaceholder(
  page: PDFPage,
  item: PlacedPage,
  sheetHeight: number,
  font: Awaited<ReturnType<PDFDocument['embedFont']>>,
) {
  page.drawRectangle({ ...toPdf(item.bleedBox, sheetHeight), color: rgb(0.93, 0.95, 1) });
  page.drawRectangle({
    ...toPdf(item.box, sheetHeight),
    borderColor: rgb(0.2, 0.3, 0.6),
    borderWidth: 1,
    color: rgb(1, 1, 1),
  });
  const label = String(item.page + 1);
  const box = toPdf(item.box, sheetHeight);
  const size = Math.min(box.width, box.height) / 3;
  const width = font.widthOfTextAtSize(label, size);
  page.drawText(label, {
    x: box.x + (box.width - width) / 2,
    y: box.y + (box.height - size * 0.7) / 2,
    size,
    font,
    color: rgb(0.2, 0.3, 0.6),
  });
}

/** Short lines continuing each trim edge out of the bleed, as long as half the cut gap allows (≤ 5 mm). */
function drawCropMarks(
  page: PDFPage,
  placed: PlacedPage[],
  settings: ImpositionSettings,
  sheetHeight: number,
) {
  const length = Math.min(5, settings.cutGapMm / 2);
  if (length < 0.5) return;
  const line = (x1: number, y1: number, x2: number, y2: number) =>
    page.drawLine({
      start: { x: pt(x1), y: pt(sheetHeight - y1) },
      end: { x: pt(x2), y: pt(sheetHeight - y2) },
      thickness: 0.25,
      color: rgb(0, 0, 0),
    });
  for (const { box, bleedBox } of placed) {
    const top = bleedBox.y;
    const bottom = bleedBox.y + bleedBox.height;
    for (const x of [box.x, box.x + box.width]) {
      line(x, top - length, x, top);
      line(x, bottom, x, bottom + length);
    }
    const left = bleedBox.x;
    const right = bleedBox.x + bleedBox.width;
    for (const y of [box.y, box.y + box.height]) {
      if (left < box.x) line(left - length, y, left, y);
      if (right > box.x + box.width) line(right, y, right + length, y);
    }
  }
}

/** Small marks every `punchSpacingMm` along the top margin, where the sheet is punched for binding. */
function drawPunchMarks(page: PDFPage, layout: Layout, settings: ImpositionSettings, sheetHeight: number) {
  const y = Math.max(0.5, layout.printable.y / 2);
  for (
    let x = layout.printable.x;
    x <= layout.printable.x + layout.printable.width;
    x += settings.punchSpacingMm
  )
    page.drawCircle({ x: pt(x), y: pt(sheetHeight - y), size: pt(0.4), color: rgb(0, 0, 0) });
}
