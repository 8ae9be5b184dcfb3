import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { handleDeviceJob } from '../agent.ts';
import { OutOfLabelsError } from './driver.ts';
import { LabelPrinterSimulator } from './simulator.ts';

const png = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1, 2, 3]);
const image = `data:image/png;base64,${png.toString('base64')}`;
const job = (requestId: string, quantity: number) => ({
  device: 'label' as const,
  action: 'print' as const,
  requestId,
  image,
  quantity,
});

describe('LabelPrinterSimulator', () => {
  it('writes one PNG per job with the sheet count, once per request, using up the roll', async () => {
    const outputDir = mkdtempSync(join(tmpdir(), 'label-sim-'));
    const printer = new LabelPrinterSimulator({ outputDir, rollSize: 10, msPerSheet: 1 });

    const outcome = await handleDeviceJob(printer, job('lp-1', 3));
    const again = await printer.execute(job('lp-1', 3));

    expect(outcome.detail).toMatchObject({ sheets: 3, file: 'lp-1-x3.png', labelsLeft: 7 });
    expect(again.detail).toMatchObject({ sheets: 3, file: 'lp-1-x3.png' });
    expect(readdirSync(outputDir)).toEqual(['lp-1-x3.png']);
    expect(readFileSync(join(outputDir, 'lp-1-x3.png')).equals(png)).toBe(true);
    expect(printer.labelsLeft()).toBe(7);
  });

  it('fails a job the roll cannot hold, prints nothing, and prints again after a refill', async () => {
    const outputDir = mkdtempSync(join(tmpdir(), 'label-sim-'));
    const printer = new LabelPrinterSimulator({ outputDir, rollSize: 5, labelsLeft: 2, msPerSheet: 1 });

    await expect(printer.execute(job('lp-2', 3))).rejects.toThrow(OutOfLabelsError);
    await expect(printer.execute(job('lp-2', 3))).rejects.toThrow(/out of labels: 2 left, 3 needed/);
    expect(readdirSync(outputDir)).toEqual([]);

    writeFileSync(printer.refillFile, '');
    await printer.execute(job('lp-2', 3));
    expect(readdirSync(outputDir)).toEqual(['lp-2-x3.png']);
    expect(printer.labelsLeft()).toBe(2);
  });
});
