// What the printer host reports on a poll (the printer-poll job, docs/giclee.md): the printer's job log and
// its ink levels. The host sends both as JSON text in the device outcome; the API parses them here.
import { z } from 'zod';

/** The ink channels of an Epson SureColor P6000 (UltraChrome HD): photo and matte black share a head. */
export const INK_COLOURS = ['PK', 'MK', 'C', 'VM', 'Y', 'LC', 'VLM', 'LK', 'LLK'] as const;
export type InkColour = (typeof INK_COLOURS)[number];

/** Millilitres of ink per colour (a job's use) or percent left (a cartridge's level). */
export const inkAmountsSchema = z.partialRecord(z.enum(INK_COLOURS), z.number().finite().nonnegative());
export type InkAmounts = z.infer<typeof inkAmountsSchema>;

/** One line of the printer's job log, as the printer tells it. */
export const printerJobSchema = z.object({
  /** The printer's job number; the job's pk. */
  jobId: z.number().int().positive(),
  /** The document name the printing computer sent (the file name). */
  name: z.string().max(300),
  startedAt: z.iso.datetime(),
  /** Printed size in millimetres: the roll or sheet width and the printed length. */
  widthMm: z.number().finite().nonnegative(),
  heightMm: z.number().finite().nonnegative(),
  /** The media type set in the driver (e.g. 'Premium Glossy Photo Paper'). */
  media: z.string().max(200),
  /** The printer's status text: 'Completed', 'Printing', 'Canceled', 'Error', ... */
  status: z.string().min(1).max(60),
  /** Ink used by this job per colour, in ml. */
  ink: inkAmountsSchema,
});
export type PrinterJob = z.infer<typeof printerJobSchema>;

export const printerReportSchema = z.object({
  jobs: z.array(printerJobSchema).max(1000),
  /** Percent left per cartridge. */
  inkLevels: inkAmountsSchema,
  at: z.iso.datetime(),
});
export type PrinterReport = z.infer<typeof printerReportSchema>;
