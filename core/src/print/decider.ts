// The decider of one print project (stream `printproject-{pk}`). The owner or staff save it and start
// its imposition; only one imposition runs at a time per project ('running'). The lastlog (document 2:
// status, progresspercent, progresstext) follows the job: queued and running are the running states, then
// end or error.
import { assertNever, type Decider, reject, type Rejection } from '../decider.ts';
import type { ImpositionResult, PrintEvent } from './events.ts';
import type { ImpositionMethod, ImpositionSettings } from './settings.ts';

export const RUNNING_STATUSES = ['queued', 'running'] as const;
export type LastlogStatus = 'none' | (typeof RUNNING_STATUSES)[number] | 'end' | 'error';

export interface Lastlog {
  status: LastlogStatus;
  progresspercent: number;
  progresstext: string;
  jobId: string | null;
}

export interface PrintProject {
  pk: number;
  title: string;
  ownerPk: number;
  settings: ImpositionSettings;
  createdAt: string;
  lastlog: Lastlog;
  results: ImpositionResult[];
}

export type PrintState = { status: 'none' } | { status: 'active'; project: PrintProject };

export interface Actor {
  pk: number;
  isStaff: boolean;
}

export type PrintCommand =
  | { type: 'CreateProject'; pk: number; title: string; ownerPk: number; settings: ImpositionSettings }
  | { type: 'SaveProject'; actor: Actor; title: string; settings: ImpositionSettings }
  | {
      type: 'QueueImposition';
      actor: Actor;
      jobId: string;
      method: ImpositionMethod;
      s3pklist: number[];
      demoOnly: boolean;
      settings: ImpositionSettings;
    }
  | { type: 'RecordProgress'; jobId: string; percent: number; text: string }
  | { type: 'FinishImposition'; jobId: string; results: ImpositionResult[]; text: string }
  | { type: 'FailImposition'; jobId: string; text: string }
  | { type: 'DeleteResults'; actor: Actor; keys: string[] };

export type PrintRejection = 'notfound' | 'already' | 'forbidden' | 'running' | 'stale';

export const isRunning = (lastlog: Lastlog): boolean =>
  (RUNNING_STATUSES as readonly string[]).includes(lastlog.status);

/** The owner or staff may change a project, start its imposition and upload self-made sheets. */
export const mayManage = (project: Pick<PrintProject, 'ownerPk'>, actor: Actor): boolean =>
  actor.isStaff || actor.pk === project.ownerPk;

function decide(
  command: PrintCommand,
  state: PrintState,
  now: Date,
): PrintEvent[] | Rejection<PrintRejection> {
  const at = now.toISOString();
  if (command.type === 'CreateProject') {
    if (state.status !== 'none') return reject('already');
    const { type: _type, ...data } = command;
    return [{ type: 'PrintProjectCreated', data: { ...data, createdAt: at } }];
  }
  if (state.status !== 'active') return reject('notfound');
  const { project } = state;
  const pk = project.pk;
  switch (command.type) {
    case 'SaveProject':
      if (!mayManage(project, command.actor)) return reject('forbidden');
      return [
        {
          type: 'PrintProjectSaved',
          data: { pk, title: command.title, settings: command.settings, byPk: command.actor.pk, savedAt: at },
        },
      ];
    case 'QueueImposition': {
      if (!mayManage(project, command.actor)) return reject('forbidden');
      if (isRunning(project.lastlog)) return reject('running');
      const { type: _type, actor, ...job } = command;
      return [{ type: 'ImpositionQueued', data: { pk, ...job, byPk: actor.pk, queuedAt: at } }];
    }
    case 'RecordProgress':
      // Reports of a job that is no longer the project's running one are dropped.
      if (project.lastlog.jobId !== command.jobId || !isRunning(project.lastlog)) return reject('stale');
      if (
        command.percent === project.lastlog.progresspercent &&
        command.text === project.lastlog.progresstext
      )
        return [];
      return [
        {
          type: 'ImpositionProgressed',
          data: { pk, jobId: command.jobId, percent: command.percent, text: command.text },
        },
      ];
    case 'FinishImposition':
      if (project.lastlog.jobId !== command.jobId || !isRunning(project.lastlog)) return reject('stale');
      return [
        {
          type: 'ImpositionFinished',
          data: { pk, jobId: command.jobId, results: command.results, text: command.text, finishedAt: at },
        },
      ];
    case 'FailImposition':
      if (project.lastlog.jobId !== command.jobId || !isRunning(project.lastlog)) return reject('stale');
      return [
        { type: 'ImpositionFailed', data: { pk, jobId: command.jobId, text: command.text, failedAt: at } },
      ];
    case 'DeleteResults': {
      if (!mayManage(project, command.actor)) return reject('forbidden');
      const known = new Set(project.results.map((result) => result.key));
      if (command.keys.length === 0 || !command.keys.every((key) => known.has(key)))
        return reject('notfound');
      return [
        {
          type: 'PrintResultsDeleted',
          data: { pk, keys: command.keys, byPk: command.actor.pk, deletedAt: at },
        },
      ];
    }
    default:
      return assertNever(command);
  }
}

const emptyLastlog = (): Lastlog => ({ status: 'none', progresspercent: 0, progresstext: '', jobId: null });

function evolve(state: PrintState, event: PrintEvent): PrintState {
  if (event.type === 'PrintProjectCreated') {
    const { pk, title, ownerPk, settings, createdAt } = event.data;
    return {
      status: 'active',
      project: { pk, title, ownerPk, settings, createdAt, lastlog: emptyLastlog(), results: [] },
    };
  }
  if (state.status !== 'active') return state;
  const project = state.project;
  const next = (changes: Partial<PrintProject>): PrintState => ({
    status: 'active',
    project: { ...project, ...changes },
  });
  switch (event.type) {
    case 'PrintProjectSaved':
      return next({ title: event.data.title, settings: event.data.settings });
    case 'ImpositionQueued':
      return next({
        lastlog: { status: 'queued', progresspercent: 0, progresstext: '', jobId: event.data.jobId },
      });
    case 'ImpositionProgressed':
      return next({
        lastlog: {
          status: 'running',
          progresspercent: event.data.percent,
          progresstext: event.data.text,
          jobId: event.data.jobId,
        },
      });
    case 'ImpositionFinished':
      return next({
        lastlog: {
          status: 'end',
          progresspercent: 100,
          progresstext: event.data.text,
          jobId: event.data.jobId,
        },
        results: [...event.data.results, ...project.results],
      });
    case 'ImpositionFailed':
      return next({
        lastlog: {
          ...project.lastlog,
          status: 'error',
          progresstext: event.data.text,
          jobId: event.data.jobId,
        },
      });
    case 'PrintResultsDeleted': {
      const gone = new Set(event.data.keys);
      return next({ results: project.results.filter((result) => !gone.has(result.key)) });
    }
    default:
      return state;
  }
}

export const printProjectDecider: Decider<PrintCommand, PrintEvent, PrintState, PrintRejection> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
