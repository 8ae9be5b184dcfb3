// The print projects application service: creates projects (pks from a sequence stream), saves them,
// and starts an imposition: settings and files are checked first (the spec's messages), the project's
// stream then records the job (which refuses a second one while one runs), and only then is the job
// queued; a job that cannot be queued is recorded as failed, so the project is never left 'running'.
import { type CommandContext, handleCommand, loadState, type StateCache } from '../commands.ts';
import type { Decider } from '../decider.ts';
import type { EventStore } from '../eventstore/port.ts';
import { newId } from '../ids.ts';
import {
  type Actor,
  type PrintCommand,
  printProjectDecider,
  type PrintRejection,
  type PrintState,
} from './decider.ts';
import {
  type ImpositionResult,
  PRINT_PROJECT_ID_SEQUENCE_STREAM,
  printEventSchema,
  printProjectIdsAllocatedSchema,
  printProjectStream,
} from './events.ts';
import { checkSelectedFiles, type FilesProblem, type SelectedFile } from './files-check.ts';
import { layoutPages } from './layout.ts';
import {
  defaultImpositionSettings,
  type ImpositionMethod,
  type ImpositionSettings,
  type SettingsProblem,
} from './settings.ts';

/** What the imposition worker is given (JSON in the queue; no secrets). */
export interface ImpositionJob {
  [key: string]: unknown;
  jobId: string;
  projectPk: number;
  demoOnly: boolean;
  settings: ImpositionSettings;
  files: { pk: number; filename: string; key: string; contentType: string }[];
}

export interface ImpositionQueuePort {
  enqueue(job: ImpositionJob): Promise<{ ok: boolean }>;
}

export type StartReason = PrintRejection | SettingsProblem | FilesProblem | 'servicedown';

type Allocated = { type: 'PrintProjectIdsAllocated'; data: { first: number; count: number } };
const idSequence: Decider<{ type: 'Allocate' }, Allocated, { last: number }> = {
  initialState: () => ({ last: 0 }),
  decide: (_command, state) => [
    { type: 'PrintProjectIdsAllocated', data: { first: state.last + 1, count: 1 } },
  ],
  evolve: (state, event) =>
    event.type === 'PrintProjectIdsAllocated' ? { last: event.data.first + event.data.count - 1 } : state,
};

export class PrintProjects {
  constructor(
    private readonly store: EventStore,
    private readonly cache?: StateCache,
  ) {}

  private command(pk: number, command: PrintCommand, context: CommandContext) {
    return handleCommand(this.store, printProjectStream(pk), printProjectDecider, command, context, {
      cache: this.cache,
      schema: printEventSchema,
    });
  }

  async state(pk: number): Promise<PrintState> {
    return (await loadState(this.store, printProjectStream(pk), printProjectDecider, this.cache)).state;
  }

  /** POST /print: a new project with the default settings. */
  async create(
    ownerPk: number,
    title: string,
    context: CommandContext,
  ): Promise<{ pk: number; position: number }> {
    const { commandId: _ignored, ...allocationContext } = context;
    const allocated = await handleCommand(
      this.store,
      PRINT_PROJECT_ID_SEQUENCE_STREAM,
      idSequence,
      { type: 'Allocate' },
      allocationContext,
      { cache: this.cache, schema: printProjectIdsAllocatedSchema },
    );
    const first = allocated.ok ? (allocated.events[0] as Allocated | undefined)?.data.first : undefined;
    if (first === undefined) throw new Error('print project id allocation wrote no id');
    const created = await this.command(
      first,
      { type: 'CreateProject', pk: first, title, ownerPk, settings: defaultImpositionSettings() },
      context,
    );
    if (!created.ok) throw new Error(`print project ${first}: ${created.rejection.rejected}`);
    return { pk: first, position: created.position };
  }

  save(pk: number, actor: Actor, title: string, settings: ImpositionSettings, context: CommandContext) {
    return this.command(pk, { type: 'SaveProject', actor, title, settings }, context);
  }

  deleteResults(pk: number, actor: Actor, keys: string[], context: CommandContext) {
    return this.command(pk, { type: 'DeleteResults', actor, keys }, context);
  }

  /** POST /print/{pk}/imposition. `found` holds the selected files still stored (from the read model). */
  async startImposition(
    input: {
      pk: number;
      actor: Actor;
      method: ImpositionMethod;
      s3pklist: number[];
      demoOnly: boolean;
      found: ReadonlyMap<number, SelectedFile & { key: string }>;
      queue: ImpositionQueuePort;
    },
    context: CommandContext,
  ): Promise<
    | { ok: true; jobId: string; duplicateNames: string[]; position: number }
    | { ok: false; reason: StartReason }
  > {
    const state = await this.state(input.pk);
    if (state.status !== 'active') return { ok: false, reason: 'notfound' };
    const settings: ImpositionSettings = { ...state.project.settings, method: input.method };
    let files: (SelectedFile & { key: string })[] = [];
    let duplicateNames: string[] = [];
    if (!input.demoOnly) {
      const checked = checkSelectedFiles({
        projectPk: input.pk,
        s3pklist: input.s3pklist,
        found: input.found,
        doubleSided: settings.doubleSided,
      });
      if (!checked.ok) return { ok: false, reason: checked.problem };
      files = checked.files.map((file) => input.found.get(file.pk)!);
      duplicateNames = checked.duplicateNames;
      settings.pages = files.length;
    }
    const layout = layoutPages(settings);
    if (!layout.ok) return { ok: false, reason: layout.problem };
    const jobId = `imp-${input.pk}-${newId()}`;
    const queued = await this.command(
      input.pk,
      {
        type: 'QueueImposition',
        actor: input.actor,
        jobId,
        method: input.method,
        s3pklist: input.demoOnly ? [] : input.s3pklist,
        demoOnly: input.demoOnly,
        settings,
      },
      context,
    );
    if (!queued.ok) return { ok: false, reason: queued.rejection.rejected };
    const sent = await input.queue.enqueue({
      jobId,
      projectPk: input.pk,
      demoOnly: input.demoOnly,
      settings,
      files: files.map((file) => ({
        pk: file.pk,
        filename: file.filename,
        key: file.key,
        contentType: file.contentType ?? 'application/octet-stream',
      })),
    });
    if (!sent.ok) {
      await this.command(input.pk, { type: 'FailImposition', jobId, text: 'servicedown' }, context);
      return { ok: false, reason: 'servicedown' };
    }
    return { ok: true, jobId, duplicateNames, position: queued.position };
  }

  /** The worker's reports (through the API process, the only event writer); stale ones are dropped. */
  async recordProgress(pk: number, jobId: string, percent: number, text: string, context: CommandContext) {
    const clamped = Math.max(0, Math.min(100, Math.round(percent)));
    return this.command(pk, { type: 'RecordProgress', jobId, percent: clamped, text }, context);
  }

  async finish(
    pk: number,
    jobId: string,
    results: ImpositionResult[],
    text: string,
    context: CommandContext,
  ) {
    return this.command(pk, { type: 'FinishImposition', jobId, results, text }, context);
  }

  async fail(pk: number, jobId: string, text: string, context: CommandContext) {
    return this.command(pk, { type: 'FailImposition', jobId, text }, context);
  }
}

/** The project pk of an imposition job id (`imp-{pk}-{uuid}`), or null. */
export function projectOfJobId(jobId: string): number | null {
  const match = /^imp-([1-9]\d{0,12})-[0-9a-f-]{36}$/.exec(jobId);
  return match ? Number(match[1]) : null;
}
