// Reads back what the imposition drew (tests): each PDF page's size and the boxes its images are drawn
// in, in points from the bottom-left, from the content streams pdf-lib writes.
import { decodePDFRawStream, PDFArray, PDFDocument, type PDFRawStream } from 'pdf-lib';

export interface InspectedPage {
  width: number;
  height: number;
  images: { x: number; y: number; width: number; height: number }[];
}

const DRAW_IMAGE =
  /q\n1 0 0 1 (-?[\d.]+) (-?[\d.]+) cm\n1 0 0 1 0 0 cm\n(-?[\d.]+) 0 0 (-?[\d.]+) 0 0 cm\n1 0 0 1 0 0 cm\n\/Image-\d+ Do/g;

export async function inspectPdf(bytes: Uint8Array): Promise<InspectedPage[]> {
  const pdf = await PDFDocument.load(bytes);
  return pdf.getPages().map((page) => {
    const contents = page.node.Contents();
    const streams =
      contents instanceof PDFArray ? contents.asArray().map((ref) => pdf.context.lookup(ref)) : [contents];
    const text = streams
      .filter((stream) => stream !== undefined)
      .map((stream) => Buffer.from(decodePDFRawStream(stream as PDFRawStream).decode()).toString('latin1'))
      .join('\n');
    const images = [...text.matchAll(DRAW_IMAGE)].map((match) => ({
      x: Number(match[1]),
      y: Number(match[2]),
      width: Number(match[3]),
      height: Number(match[4]),
    }));
    const { width, height } = page.getSize();
    return { width, height, images };
  });
}
