// One printer job (stream giclee-job-{pk}) and the printer (giclee-printer). Polls record a job when first
// seen and again only when the printer's facts changed, so a repeated poll appends nothing (idempotent).
import { assertNever, type Decider, reject } from '../decider.ts';
import type { GicleeJobEvent, GicleePrinterEvent, PrinterFacts } from './events.ts';
import type { InkAmounts } from './report.ts';

export type GicleeJobState =
  | { status: 'none' }
  | {
      status: 'recorded';
      pk: number;
      facts: PrinterFacts;
      paperStockPk: number | null;
      ownerPk: number | null;
      heightOverwriteMm: number | null;
      feeOverrideCents: number | null;
      comment: string;
      noNeedToPayReason: string | null;
    };

export type GicleeJobCommand =
  | {
      type: 'RecordFromPrinter';
      pk: number;
      facts: PrinterFacts;
      paperStockPk: number | null;
      ownerPk: number | null;
    }
  | { type: 'SetHeight'; heightMm: number | null; byPk: number }
  | { type: 'SetFee'; feeCents: number | null; byPk: number }
  | { type: 'SetComment'; comment: string; byPk: number }
  | { type: 'SetPaper'; paperStockPk: number; byPk: number }
  | { type: 'SetNoNeedToPay'; noNeedToPay: boolean; reason: string; byPk: number };

/** 'notfound': no such job; 'reason': no-need-to-pay without a reason; 'height' / 'fee': not a usable number. */
export type GicleeJobRejection = 'notfound' | 'reason' | 'height' | 'fee';

const sameFacts = (a: PrinterFacts, b: PrinterFacts): boolean => JSON.stringify(a) === JSON.stringify(b);

export const gicleeJobDecider: Decider<GicleeJobCommand, GicleeJobEvent, GicleeJobState, GicleeJobRejection> =
  {
    initialState: () => ({ status: 'none' }),
    decide(command, state) {
      if (command.type === 'RecordFromPrinter') {
        if (state.status === 'none')
          return [
            {
              type: 'GicleeJobSeen',
              data: {
                pk: command.pk,
                ...command.facts,
                paperStockPk: command.paperStockPk,
                ownerPk: command.ownerPk,
              },
            },
          ];
        return sameFacts(state.facts, command.facts)
          ? []
          : [{ type: 'GicleeJobChanged', data: { pk: state.pk, ...command.facts } }];
      }
      if (state.status === 'none') return reject('notfound');
      const pk = state.pk;
      switch (command.type) {
        case 'SetHeight':
          if (command.heightMm !== null && !(Number.isFinite(command.heightMm) && command.heightMm > 0))
            return reject('height');
          if (command.heightMm === state.heightOverwriteMm) return [];
          return [
            { type: 'GicleeJobHeightSet', data: { pk, heightMm: command.heightMm, byPk: command.byPk } },
          ];
        case 'SetFee':
          if (command.feeCents !== null && !(Number.isSafeInteger(command.feeCents) && command.feeCents >= 0))
            return reject('fee');
          if (command.feeCents === state.feeOverrideCents) return [];
          return [{ type: 'GicleeJobFeeSet', data: { pk, feeCents: command.feeCents, byPk: command.byPk } }];
        case 'SetComment':
          if (command.comment === state.comment) return [];
          return [
            { type: 'GicleeJobCommentSet', data: { pk, comment: command.comment, byPk: command.byPk } },
          ];
        case 'SetPaper':
          if (command.paperStockPk === state.paperStockPk) return [];
          return [
            {
              type: 'GicleeJobPaperSet',
              data: { pk, paperStockPk: command.paperStockPk, byPk: command.byPk },
            },
          ];
        case 'SetNoNeedToPay': {
          const reason = command.reason.trim();
          if (command.noNeedToPay && reason === '') return reject('reason');
          if (
            command.noNeedToPay === (state.noNeedToPayReason !== null) &&
            (!command.noNeedToPay || reason === state.noNeedToPayReason)
          )
            return [];
          return [
            {
              type: 'GicleeJobNoNeedToPaySet',
              data: {
                pk,
                noNeedToPay: command.noNeedToPay,
                reason: command.noNeedToPay ? reason : '',
                byPk: command.byPk,
              },
            },
          ];
        }
        default:
          return assertNever(command);
      }
    },
    evolve(state, event) {
      switch (event.type) {
        case 'GicleeJobSeen': {
          const { pk, paperStockPk, ownerPk, ...facts } = event.data;
          return {
            status: 'recorded',
            pk,
            facts,
            paperStockPk,
            ownerPk,
            heightOverwriteMm: null,
            feeOverrideCents: null,
            comment: '',
            noNeedToPayReason: null,
          };
        }
        default:
          if (state.status === 'none') return state;
          switch (event.type) {
            case 'GicleeJobChanged': {
              const { pk: _pk, ...facts } = event.data;
              return { ...state, facts };
            }
            case 'GicleeJobHeightSet':
              return { ...state, heightOverwriteMm: event.data.heightMm };
            case 'GicleeJobFeeSet':
              return { ...state, feeOverrideCents: event.data.feeCents };
            case 'GicleeJobCommentSet':
              return { ...state, comment: event.data.comment };
            case 'GicleeJobPaperSet':
              return { ...state, paperStockPk: event.data.paperStockPk };
            case 'GicleeJobNoNeedToPaySet':
              return { ...state, noNeedToPayReason: event.data.noNeedToPay ? event.data.reason : null };
            default:
              return state;
          }
      }
    },
  };

/** The printer as polls see it: reached (since when) or lost (since when, and the last success). */
export type GicleePrinterState = {
  reachable: boolean | null;
  lastSuccessAt: string | null;
  inkLevels: InkAmounts | null;
};

export type GicleePrinterCommand =
  | { type: 'RecordReached'; at: string; inkLevels: InkAmounts }
  | { type: 'RecordLost'; at: string; lastSuccessAt: string | null; error: string };

export const gicleePrinterDecider: Decider<
  GicleePrinterCommand,
  GicleePrinterEvent,
  GicleePrinterState,
  never
> = {
  initialState: () => ({ reachable: null, lastSuccessAt: null, inkLevels: null }),
  decide(command, state) {
    switch (command.type) {
      case 'RecordReached': {
        const events: GicleePrinterEvent[] = [];
        if (state.reachable !== true) events.push({ type: 'GicleePrinterReached', data: { at: command.at } });
        if (JSON.stringify(state.inkLevels) !== JSON.stringify(command.inkLevels))
          events.push({
            type: 'GicleeInkLevelsRecorded',
            data: { levels: command.inkLevels, at: command.at },
          });
        return events;
      }
      case 'RecordLost':
        if (state.reachable === false) return [];
        return [
          {
            type: 'GicleePrinterLost',
            data: {
              lastSuccessAt: command.lastSuccessAt ?? state.lastSuccessAt,
              at: command.at,
              error: command.error.slice(0, 300),
            },
          },
        ];
      default:
        return assertNever(command);
    }
  },
  evolve(state, event) {
    switch (event.type) {
      case 'GicleePrinterReached':
        return { ...state, reachable: true, lastSuccessAt: event.data.at };
      case 'GicleeInkLevelsRecorded':
        return { ...state, inkLevels: event.data.levels };
      case 'GicleePrinterLost':
        return { ...state, reachable: false, lastSuccessAt: event.data.lastSuccessAt };
      default:
        return state;
    }
  },
};
