// The imposition processor: lays a project's pages out (core/src/print/layout.ts), draws the print-ready
// PDF, stores it in the file storage and reports progress and the result to the API process (the only
// event writer) on the print-report queue. Images are placed at 300 dpi: an image that already fits its
// box at 300 dpi is embedded as uploaded (JPEG and PNG) and never resampled; a larger one is scaled down
// to 300 dpi once. A failure is reported, not retried: the same pages would fail the same way.
import type { FileStorage } from '@club/core/files/storage';
import { layoutPages } from '@club/core/print/layout';
import { type PrintReport, resultKey } from '@club/core/print/report';
import { MM_PER_INCH, PRINT_DPI, impositionSettingsSchema } from '@club/core/print/settings';
import sharp from 'sharp';
import { z } from 'zod';
import { InvalidJobDataError } from '../device-commands.ts';
import { type PageArt, renderImpositionPdf } from './imposition-pdf.ts';

const impositionJobSchema = z.object({
  jobId: z.string().min(1),
  projectPk: z.number().int().positive(),
  demoOnly: z.boolean(),
  settings: impositionSettingsSchema,
  files: z.array(
    z.object({ pk: z.number(), filename: z.string(), key: z.string(), contentType: z.string() }),
  ),
});

export interface ImpositionDependencies {
  storage: Pick<FileStorage, 'get' | 'put'>;
  report(report: PrintReport): Promise<void>;
  /** Least time between two progress reports (the final one always goes). */
  progressEveryMs?: number;
}

const pixelsFor = (mm: number) => Math.round((mm / MM_PER_INCH) * PRINT_DPI);

/** The artwork of one uploaded page for a box of `widthMm` × `heightMm`. */
export async function prepareArt(
  bytes: Buffer,
  contentType: string,
  widthMm: number,
  heightMm: number,
): Promise<PageArt> {
  if (contentType === 'application/pdf') return { kind: 'pdf', bytes };
  const meta = await sharp(bytes).metadata();
  const width = meta.width ?? 0;
  const height = meta.height ?? 0;
  if (width === 0 || height === 0) throw new Error('an image without pixels');
  const scale = Math.min(pixelsFor(widthMm) / width, pixelsFor(heightMm) / height);
  if (scale >= 1 && contentType === 'image/jpeg') return { kind: 'jpg', bytes };
  if (scale >= 1 && contentType === 'image/png') return { kind: 'png', bytes };
  // Other formats (TIFF) are converted losslessly; larger images are scaled down to 300 dpi once.
  const image = sharp(bytes);
  if (scale < 1)
    image.resize({
      width: Math.max(1, Math.round(width * scale)),
      height: Math.max(1, Math.round(height * scale)),
      fit: 'fill',
    });
  return contentType === 'image/jpeg'
    ? { kind: 'jpg', bytes: await image.jpeg({ quality: 95, chromaSubsampling: '4:4:4' }).toBuffer() }
    : { kind: 'png', bytes: await image.png().toBuffer() };
}

export function createImpositionProcessor(dependencies: ImpositionDependencies) {
  const every = dependencies.progressEveryMs ?? 400;
  return async (data: unknown): Promise<{ results: number }> => {
    const parsed = impositionJobSchema.safeParse(data);
    if (!parsed.success) throw new InvalidJobDataError(`imposition job: ${parsed.error.message}`);
    const job = parsed.data;
    const base = { jobId: job.jobId, projectPk: job.projectPk };
    try {
      const settings = job.demoOnly ? job.settings : { ...job.settings, pages: job.files.length };
      const laid = layoutPages(settings);
      if (!laid.ok) throw new Error(`layout: ${laid.problem}`);
      const { layout } = laid;
      await dependencies.report({ ...base, kind: 'progress', percent: 1, text: `0/${layout.sheets}` });
      const boxOf = new Map(layout.placements.map((item) => [item.page, item.bleedBox]));
      let last = Date.now();
      const bytes = await renderImpositionPdf({
        layout,
        settings,
        art: job.demoOnly
          ? null
          : async (index) => {
              const file = job.files[index];
              const box = boxOf.get(index);
              if (!file || !box) throw new Error(`page ${index + 1} has no file`);
              const stored = await dependencies.storage.get(file.key);
              if (!stored) throw new Error(`${file.filename} no longer exists`);
              return prepareArt(stored, file.contentType, box.width, box.height);
            },
        progress: async (done, total) => {
          if (done < total && Date.now() - last < every) return;
          last = Date.now();
          const sheet = layout.sides === 2 ? Math.ceil(done / 2) : done;
          await dependencies.report({
            ...base,
            kind: 'progress',
            percent: Math.min(95, Math.round((done / total) * 95)),
            text: `${sheet}/${layout.sheets}`,
          });
        },
      });
      const key = resultKey(job.projectPk, job.jobId, 0);
      await dependencies.storage.put(key, Buffer.from(bytes), 'application/pdf');
      const size = job.settings;
      const filename = `${job.demoOnly ? 'demo' : 'imposition'}-${job.projectPk}-${settings.method === 'roll' ? `roll${size.rollWidthInch}in` : 'sheet'}-${job.jobId.slice(-6)}.pdf`;
      await dependencies.report({
        ...base,
        kind: 'finished',
        results: [{ key, filename, size: bytes.length, sheets: layout.sheets }],
        text: `${layout.sheets}/${layout.sheets}`,
      });
      return { results: 1 };
    } catch (error) {
      await dependencies.report({ ...base, kind: 'failed', text: (error as Error).message.slice(0, 500) });
      return { results: 0 };
    }
  };
}
