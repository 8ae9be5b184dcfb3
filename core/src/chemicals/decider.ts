// The chemical decider: define a chemical, then use (1), replenish (2) or adjust (3) its stock.
import { assertNever, type Decider, reject } from '../decider.ts';
import { CHEMICAL_OPERATION, type ChemicalDefined, type ChemicalEvent } from './events.ts';
import { bottlesToMl } from './rules.ts';

export type ChemicalState =
  | { status: 'none' }
  | {
      status: 'defined';
      chemical: ChemicalDefined['data'];
      volumeMl: number;
      accurecyclevolume: number;
      /** Dispenser ingredient uses already recorded (`{dispenseId}/{index}`), so a retry records none. */
      dispenseUses: Set<string>;
    };

export type ChemicalCommand =
  | { type: 'DefineChemical'; chemical: ChemicalDefined['data']; initialMl: number; userPk: number | null }
  | {
      type: 'UseChemical';
      pk: number;
      volumeMl: number;
      userPk: number | null;
      comment: string;
      dispenseId?: string;
    }
  | { type: 'ReplenishChemical'; pk: number; bottles: number; userPk: number; comment: string }
  | { type: 'AdjustChemical'; pk: number; bottles: number; userPk: number; comment: string };

/** 'notfound' (no such chemical), 'format' (a bottle count that is not a usable number: negative result). */
export type ChemicalRejection = 'notfound' | 'format';

export const chemicalDecider: Decider<ChemicalCommand, ChemicalEvent, ChemicalState, ChemicalRejection> = {
  initialState: () => ({ status: 'none' }),
  decide(command, state, _now) {
    switch (command.type) {
      case 'DefineChemical': {
        if (state.status === 'defined') return [];
        const events: ChemicalEvent[] = [{ type: 'ChemicalDefined', data: command.chemical }];
        if (command.initialMl > 0)
          events.push({
            type: 'ChemicalOperationRecorded',
            data: {
              pk: command.chemical.pk,
              operation: CHEMICAL_OPERATION.adjust,
              diffvolume: command.initialMl,
              recyclevolume: 0,
              newvolume: command.initialMl,
              comment: '',
              userPk: command.userPk,
            },
          });
        return events;
      }
      case 'UseChemical': {
        if (state.status !== 'defined') return reject('notfound');
        if (command.dispenseId && state.dispenseUses.has(command.dispenseId)) return [];
        const used = Math.max(0, Math.round(command.volumeMl));
        // The stock cannot go below zero: a use beyond it means the counted stock was off, so it is emptied.
        const newvolume = Math.max(0, state.volumeMl - used);
        return [
          {
            type: 'ChemicalOperationRecorded',
            data: {
              pk: command.pk,
              operation: CHEMICAL_OPERATION.use,
              diffvolume: newvolume - state.volumeMl,
              recyclevolume: state.chemical.needRecycle ? used : 0,
              newvolume,
              comment: command.comment,
              userPk: command.userPk,
              ...(command.dispenseId ? { dispenseId: command.dispenseId } : {}),
            },
          },
        ];
      }
      case 'ReplenishChemical':
      case 'AdjustChemical': {
        if (state.status !== 'defined') return reject('notfound');
        const ml = bottlesToMl(command.bottles, state.chemical.bottle2ml);
        const replenish = command.type === 'ReplenishChemical';
        const newvolume = replenish ? state.volumeMl + ml : ml;
        if (newvolume < 0) return reject('format');
        return [
          {
            type: 'ChemicalOperationRecorded',
            data: {
              pk: command.pk,
              operation: replenish ? CHEMICAL_OPERATION.replenish : CHEMICAL_OPERATION.adjust,
              diffvolume: newvolume - state.volumeMl,
              recyclevolume: 0,
              newvolume,
              comment: command.comment,
              userPk: command.userPk,
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
      case 'ChemicalDefined':
        return {
          status: 'defined',
          chemical: event.data,
          volumeMl: 0,
          accurecyclevolume: 0,
          dispenseUses: new Set(),
        };
      case 'ChemicalOperationRecorded': {
        if (state.status !== 'defined') return state;
        const dispenseUses = new Set(state.dispenseUses);
        if (event.data.dispenseId) dispenseUses.add(event.data.dispenseId);
        return {
          ...state,
          volumeMl: event.data.newvolume,
          accurecyclevolume: state.accurecyclevolume + event.data.recyclevolume,
          dispenseUses,
        };
      }
      default:
        return state;
    }
  },
};
