// The demo's label prints: printed through the same service as POST /api/label/print, on the label
// printer simulator in process (the demo runs without Redis), which writes the PNGs into
// DATA_DIR/printed-labels (or LABEL_OUTPUT_DIR). Its roll is nearly empty, so the last print fails with
// the printer's reason and the log shows both outcomes. Skipped when the log already has prints.
import { join } from 'node:path';
import type { LabelPrinterPort } from '@club/core/labels/service';
import { LabelPrinterSimulator } from '@club/devices/label/simulator';
import { labelContent } from '../routes/labels.ts';
import type { PortalServices } from '../services.ts';
import { cliContext } from './services.ts';

type DemoPrint = {
  userPk: number;
  requestId: string;
  body: Parameters<typeof labelContent>[1];
  quantity: number;
};

export async function loadDemoLabels(services: PortalServices, pk: { head: number; member: number }) {
  if (services.projections.models.labelPrintLog.rows.length > 0) return;
  const outputDir = process.env.LABEL_OUTPUT_DIR?.trim() || join(services.config.dataDir, 'printed-labels');
  const printer = new LabelPrinterSimulator({ outputDir, labelsLeft: 7, msPerSheet: 0 });
  const prints: DemoPrint[] = [
    {
      userPk: pk.member,
      requestId: 'demo-label-1',
      body: { kind: 'user', pk: pk.member, comment: '相機包', datetoday: true, rounded: true },
      quantity: 2,
    },
    {
      userPk: pk.head,
      requestId: 'demo-label-2',
      body: { kind: 'stock', pk: 12, namereplace: 'Kodak Portra 400', expdate: '2027.05' },
      quantity: 5,
    },
    {
      userPk: pk.head,
      requestId: 'demo-label-3',
      body: { kind: 'any', pk: 'Darkroom A', comment: '請勿開燈' },
      quantity: 3,
    },
  ];
  for (const print of prints) {
    const drawn = labelContent(services, print.body, print.userPk, services.now());
    if (!drawn.ok) throw new Error(`demo label ${print.requestId} not drawn: ${drawn.reason}`);
    const image = await services.labels.draw(drawn.content, {
      kind: print.body.kind,
      target: drawn.target,
      userPk: print.userPk,
    });
    let outcome: { done: boolean; result: string } = { done: true, result: 'ok' };
    const port: LabelPrinterPort = {
      isUp: async () => true,
      async enqueue(job) {
        try {
          await printer.execute({
            device: 'label',
            action: 'print',
            requestId: job.printId,
            image: job.image,
            quantity: job.quantity,
          });
        } catch (error) {
          outcome = { done: false, result: (error as Error).message };
        }
        return { ok: true };
      },
    };
    const context = { ...cliContext(services, print.requestId), actor: String(print.userPk) };
    const result = await services.labels.print(
      {
        userPk: print.userPk,
        dataUri: image,
        quantity: print.quantity,
        location: 'ntup',
        simple: false,
        requestId: print.requestId,
        allowDebt: false,
      },
      port,
      context,
    );
    if (!result.ok) throw new Error(`demo label ${print.requestId} refused: ${result.reason}`);
    await services.labels.recordOutcome(result.printId, { ...outcome, finishedAt: services.now() }, context);
  }
}
