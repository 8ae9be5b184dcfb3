// The decider of one person's label prints on one Taipei day (stream label-day-{pk}-{YYYYMMDD}). It
// counts the day's user-label sheets, decides each print's charge, and remembers every print so a
// repeated command is a no-op and the same print id with other content is a mismatch.
import { assertNever, type Decider, type Rejection, reject } from '../decider.ts';
import type { LabelEvent, LabelPrintRequestedEvent } from './events.ts';
import { LABEL_SHEET_CAPS, labelChargeCents } from './rules.ts';

export type RequestLabelPrint = {
  type: 'RequestLabelPrint';
} & Omit<LabelPrintRequestedEvent['data'], 'chargeCents'>;
export type RefuseLabelPrint = {
  type: 'RefuseLabelPrint';
  printId: string;
  reason: 'insufficient_balance' | 'servicedown';
};
export type FinishLabelPrint = {
  type: 'FinishLabelPrint';
  printId: string;
  done: boolean;
  result: string;
  finishedAt: string;
};
export type LabelCommand = RequestLabelPrint | RefuseLabelPrint | FinishLabelPrint;

export type LabelRejection = 'mismatch' | 'notfound';

export type LabelPrintRecord =
  | { status: 'requested'; fingerprint: string; kind: string; quantity: number; chargeCents: number }
  | { status: 'refused'; fingerprint: string; reason: string; chargeCents: number }
  | { status: 'finished'; fingerprint: string; done: boolean; chargeCents: number };

export interface LabelDayState {
  /** User-label sheets requested today that were not refused or failed. */
  userSheets: number;
  prints: ReadonlyMap<string, LabelPrintRecord>;
}

export const labelDayDecider: Decider<LabelCommand, LabelEvent, LabelDayState, LabelRejection> = {
  initialState: () => ({ userSheets: 0, prints: new Map() }),

  decide(command, state): LabelEvent[] | Rejection<LabelRejection> {
    switch (command.type) {
      case 'RequestLabelPrint': {
        const earlier = state.prints.get(command.printId);
        if (earlier) return earlier.fingerprint === command.fingerprint ? [] : reject('mismatch');
        if (!Number.isSafeInteger(command.quantity) || command.quantity < 1)
          throw new Error(`label quantity ${command.quantity} reached the decider unchecked`);
        if (command.quantity > LABEL_SHEET_CAPS[command.kind])
          throw new Error(`label quantity ${command.quantity} above the ${command.kind} cap`);
        const { type: _type, ...data } = command;
        const chargeCents = labelChargeCents(command.kind, command.quantity, state.userSheets);
        return [{ type: 'LabelPrintRequested', data: { ...data, chargeCents } }];
      }
      case 'RefuseLabelPrint': {
        const print = state.prints.get(command.printId);
        if (!print) return reject('notfound');
        return print.status === 'requested'
          ? [{ type: 'LabelPrintRefused', data: { printId: command.printId, reason: command.reason } }]
          : [];
      }
      case 'FinishLabelPrint': {
        const print = state.prints.get(command.printId);
        if (!print) return reject('notfound');
        if (print.status !== 'requested') return [];
        const { type: _type, ...data } = command;
        return [{ type: 'LabelPrintFinished', data }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event): LabelDayState {
    const prints = new Map(state.prints);
    switch (event.type) {
      case 'LabelPrintRequested': {
        const { printId, fingerprint, kind, quantity, chargeCents } = event.data;
        prints.set(printId, { status: 'requested', fingerprint, kind, quantity, chargeCents });
        return { userSheets: state.userSheets + (kind === 'user' ? quantity : 0), prints };
      }
      case 'LabelPrintRefused':
      case 'LabelPrintFinished': {
        const print = state.prints.get(event.data.printId);
        if (print?.status !== 'requested') return state;
        const failed = event.type === 'LabelPrintRefused' || !event.data.done;
        prints.set(
          event.data.printId,
          event.type === 'LabelPrintRefused'
            ? {
                status: 'refused',
                fingerprint: print.fingerprint,
                reason: event.data.reason,
                chargeCents: print.chargeCents,
              }
            : {
                status: 'finished',
                fingerprint: print.fingerprint,
                done: event.data.done,
                chargeCents: print.chargeCents,
              },
        );
        // Sheets that were never printed go back to the day's free allowance.
        const givenBack = failed && print.kind === 'user' ? print.quantity : 0;
        return { userSheets: state.userSheets - givenBack, prints };
      }
      default:
        return state;
    }
  },
};
