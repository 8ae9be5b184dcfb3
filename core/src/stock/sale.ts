// The sale decider: one counter sale's saga (stream stock-sale-{saleId}), like the ledger's dues
// (core/src/ledger/membership.ts). ClaimSale fixes everything the saga will do (each line's posting, the
// prices, the allowdebt fact) in one event; then each line's debit is decided by the buyer's account with
// its refusal recorded, so every line's outcome is final; then ConfirmSale (every line paid and its stock
// delta recorded) or ReleaseSale (a line refused: the lines paid before it are given back). The service
// runs the steps inline and the stock process manager repeats them after a crash (process-manager.ts).
import { type Decider, reject, type Rejection } from '../decider.ts';
import type { SaleClaimed, SaleEvent, SaleLine } from './events.ts';

export type SaleState =
  | { status: 'none' }
  | { status: 'claimed'; claim: SaleClaimed['data'] }
  | { status: 'confirmed'; claim: SaleClaimed['data']; transferKeys: string[] }
  | { status: 'released'; claim: SaleClaimed['data']; reason: string };

export type SaleCommand =
  | {
      type: 'ClaimSale';
      saleId: string;
      buyerPk: number;
      actorPk: number | null;
      lines: SaleLine[];
      allowDebt: boolean;
      fingerprint: string;
    }
  | { type: 'ConfirmSale'; saleId: string; transferKeys: string[] }
  | {
      type: 'ReleaseSale';
      saleId: string;
      reason: 'insufficient_balance' | 'amount_invalid' | 'summary_too_short';
      refusedLine: number;
      refundKeys: string[];
    };

export type SaleReason = 'mismatch' | 'notfound' | 'finished';

function decide(command: SaleCommand, state: SaleState, now: Date): SaleEvent[] | Rejection<SaleReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'ClaimSale': {
      if (state.status !== 'none')
        return state.claim.fingerprint === command.fingerprint ? [] : reject('mismatch');
      const totalCents = command.lines.reduce((sum, line) => sum + line.amountCents, 0);
      return [
        {
          type: 'SaleClaimed',
          data: {
            saleId: command.saleId,
            buyerPk: command.buyerPk,
            actorPk: command.actorPk,
            lines: command.lines,
            allowDebt: command.allowDebt,
            totalCents,
            fingerprint: command.fingerprint,
            at,
          },
        },
      ];
    }
    case 'ConfirmSale':
      if (state.status === 'none') return reject('notfound');
      if (state.status === 'confirmed') return [];
      if (state.status === 'released') return reject('finished');
      return [
        {
          type: 'SaleConfirmed',
          data: {
            saleId: command.saleId,
            buyerPk: state.claim.buyerPk,
            transferKeys: command.transferKeys,
            cartItemIds: state.claim.lines.flatMap((line) => (line.cartItemId ? [line.cartItemId] : [])),
            at,
          },
        },
      ];
    case 'ReleaseSale':
      if (state.status === 'none') return reject('notfound');
      if (state.status === 'released') return [];
      if (state.status === 'confirmed') return reject('finished');
      return [
        {
          type: 'SaleReleased',
          data: {
            saleId: command.saleId,
            buyerPk: state.claim.buyerPk,
            reason: command.reason,
            refusedLine: command.refusedLine,
            refundKeys: command.refundKeys,
            at,
          },
        },
      ];
    default: {
      const unknown: never = command;
      throw new Error(`unknown sale command ${JSON.stringify(unknown)}`);
    }
  }
}

function evolve(state: SaleState, event: SaleEvent): SaleState {
  switch (event.type) {
    case 'SaleClaimed':
      return { status: 'claimed', claim: event.data };
    case 'SaleConfirmed':
      return state.status === 'claimed'
        ? { status: 'confirmed', claim: state.claim, transferKeys: event.data.transferKeys }
        : state;
    case 'SaleReleased':
      return state.status === 'claimed'
        ? { status: 'released', claim: state.claim, reason: event.data.reason }
        : state;
    default:
      return state;
  }
}

export const saleDecider: Decider<SaleCommand, SaleEvent, SaleState, SaleReason> = {
  initialState: () => ({ status: 'none' }),
  decide,
  evolve,
};
