// The imposition worker's reports into the API process (the event writer): each progress, result or
// failure on the print-report queue becomes an event on the project's stream, in the order sent. Reports
// of a job that is no longer the project's running one are dropped (the decider answers 'stale').
import type { CommandContext } from '@club/core/commands';
import { PRINT_REPORT_QUEUE, printReportSchema } from '@club/core/print/report';
import type { QueueService } from '@club/workers/queues';
import type { PortalServices } from '../services.ts';

export interface PrintFollower {
  stop(): void;
}

export async function recordPrintReport(services: PortalServices, data: unknown): Promise<void> {
  const report = printReportSchema.parse(data);
  const context: CommandContext = {
    now: services.now(),
    actor: null,
    correlationId: `print-${report.jobId}`,
  };
  const { projectPk: pk, jobId } = report;
  if (report.kind === 'progress')
    await services.print.recordProgress(pk, jobId, report.percent, report.text, context);
  else if (report.kind === 'finished')
    await services.print.finish(pk, jobId, report.results, report.text, context);
  else await services.print.fail(pk, jobId, report.text, context);
}

export function followPrintReports(services: PortalServices): PrintFollower {
  const consuming = new WeakSet<QueueService>();
  const attach = () => {
    const queues = services.queues;
    if (!queues || consuming.has(queues)) return;
    consuming.add(queues);
    queues.consume(PRINT_REPORT_QUEUE, (data) => recordPrintReport(services, data));
  };
  attach();
  // main.ts hands the queues over after the app is built.
  const timer = setInterval(attach, 1_000);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
