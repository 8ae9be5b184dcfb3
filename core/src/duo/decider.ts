// One file's duo alignment. Offsets may be recorded again (a new photo, a correction) until the
// adjustment is asked for; asking needs both sides ('needPhotoAnalysis', document 2) and runs one job at a
// time. The job's outcome is recorded once, for the job that is running.
import { assertNever, type Decider, reject } from '../decider.ts';
import { TOO_FAR_OUT_Y_MM } from './constants.ts';
import type { DuoEvent, DuoSide, FinalSize, XyOffsetMm } from './events.ts';

export type DuoAdjustment =
  | { status: 'none' }
  | { status: 'running'; jobId: string; requestedByPk: number }
  | { status: 'done'; jobId: string; filePk: number; finalsize: FinalSize; stretch: number }
  | { status: 'failed'; jobId: string; reason: string };

export interface DuoState {
  left: XyOffsetMm | null;
  right: XyOffsetMm | null;
  adjustment: DuoAdjustment;
}

export type DuoCommand =
  | {
      type: 'RecordOffset';
      projectPk: number;
      s3pk: number;
      side: DuoSide;
      offset: XyOffsetMm;
      source: 'photo' | 'manual';
      byPk: number;
    }
  | { type: 'RequestAdjustment'; projectPk: number; s3pk: number; jobId: string; byPk: number }
  | { type: 'RecordWritten'; jobId: string; filePk: number; finalsize: FinalSize; stretch: number }
  | { type: 'RecordFailed'; jobId: string; reason: string };

/** 'tooFarOut': y at or past 8.96 mm; 'needPhotoAnalysis': a side has no offset; 'running': a job runs. */
export type DuoRejection = 'tooFarOut' | 'needPhotoAnalysis' | 'running';

export const duoDecider: Decider<DuoCommand, DuoEvent, DuoState, DuoRejection> = {
  initialState: () => ({ left: null, right: null, adjustment: { status: 'none' } }),
  decide(command, state) {
    switch (command.type) {
      case 'RecordOffset': {
        if (command.offset.y >= TOO_FAR_OUT_Y_MM) return reject('tooFarOut');
        const current = state[command.side];
        if (current && current.x === command.offset.x && current.y === command.offset.y) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'DuoOffsetRecorded', data }];
      }
      case 'RequestAdjustment': {
        if (state.adjustment.status === 'running') {
          return state.adjustment.jobId === command.jobId ? [] : reject('running');
        }
        if (!state.left || !state.right) return reject('needPhotoAnalysis');
        const { type: _type, ...data } = command;
        return [{ type: 'DuoAdjustmentRequested', data: { ...data, left: state.left, right: state.right } }];
      }
      case 'RecordWritten': {
        if (state.adjustment.status !== 'running' || state.adjustment.jobId !== command.jobId) return [];
        const { type: _type, ...data } = command;
        return [{ type: 'DuoAdjustmentWritten', data }];
      }
      case 'RecordFailed': {
        if (state.adjustment.status !== 'running' || state.adjustment.jobId !== command.jobId) return [];
        return [{ type: 'DuoAdjustmentFailed', data: { jobId: command.jobId, reason: command.reason } }];
      }
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'DuoOffsetRecorded':
        return { ...state, [event.data.side]: event.data.offset };
      case 'DuoAdjustmentRequested':
        return {
          ...state,
          adjustment: { status: 'running', jobId: event.data.jobId, requestedByPk: event.data.byPk },
        };
      case 'DuoAdjustmentWritten':
        return { ...state, adjustment: { status: 'done', ...event.data } };
      case 'DuoAdjustmentFailed':
        return { ...state, adjustment: { status: 'failed', ...event.data } };
      default:
        return state;
    }
  },
};
