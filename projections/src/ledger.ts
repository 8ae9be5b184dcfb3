// The ledger's read models: balances, each account's entries (the transaction log), transfers by key, and
// memberships folded with the membership decider's own evolve.
//
// A transaction row is one side of a transfer. Its pk is the global position of its event (the debit's or
// the credit's), and sympk is the other side's pk, so the spec's pk/sympk pairs fall out of the log.
import type { AccountId } from '@club/core/ledger/accounts';
import type { MembershipEvent, Posting, TransferCredited, TransferDebited } from '@club/core/ledger/events';
import { type MembershipState, membershipDecider } from '@club/core/ledger/membership';
import type { RecordedEvent } from '@club/core/eventstore/port';
import { ledgerOfStored, type StoredLedger, storedLedgerOf } from './ledger-stored.ts';
import type { Projection } from './runner.ts';

export interface LedgerEntry {
  /** Global position of this side's event. */
  pk: number;
  /** The other side's pk, once the credit has arrived (null while the money is in flight). */
  sympk: number | null;
  transferKey: string;
  account: AccountId;
  otherAccount: AccountId;
  /** Positive for money in, negative for money out. */
  deltaCents: number;
  balanceAfterCents: number;
  /** When the transfer happened (both sides share it). */
  at: string;
  posting: Posting;
}

export interface TransferRow {
  transferKey: string;
  posting: Posting;
  at: string;
  debitPk: number;
  creditPk: number | null;
}

export interface LedgerModel {
  balances: Map<AccountId, number>;
  entriesByAccount: Map<AccountId, LedgerEntry[]>;
  entryByPk: Map<number, LedgerEntry>;
  transfers: Map<string, TransferRow>;
  /** Money debited but not yet credited (zero once the process manager has caught up). */
  inFlightCents: number;
  /** The transfers debited and not yet credited, by key: the status page's check, without a scan of years. */
  awaitingCredit: Map<string, TransferRow>;
  memberships: Map<number, MembershipState>;
}

const MEMBERSHIP_EVENTS = ['DuesClaimed', 'DuePaid', 'DueReleased', 'DueRefunded', 'DueRefundSkipped'];

const addEntry = (model: LedgerModel, entry: LedgerEntry) => {
  model.entryByPk.set(entry.pk, entry);
  const entries = model.entriesByAccount.get(entry.account);
  if (entries) entries.push(entry);
  else model.entriesByAccount.set(entry.account, [entry]);
  model.balances.set(entry.account, entry.balanceAfterCents);
};

export const ledgerProjection: Projection<LedgerModel> = {
  handles: new Set(['TransferDebited', 'TransferCredited', ...MEMBERSHIP_EVENTS]),
  initial: () => ({
    balances: new Map(),
    entriesByAccount: new Map(),
    entryByPk: new Map(),
    transfers: new Map(),
    inFlightCents: 0,
    awaitingCredit: new Map(),
    memberships: new Map(),
  }),
  evolve(model, event: RecordedEvent) {
    switch (event.type) {
      case 'TransferDebited': {
        const data = event.data as TransferDebited['data'];
        const transfer: TransferRow = {
          transferKey: data.transferKey,
          posting: data.posting,
          at: data.at,
          debitPk: event.position,
          creditPk: null,
        };
        model.transfers.set(data.transferKey, transfer);
        model.awaitingCredit.set(data.transferKey, transfer);
        addEntry(model, {
          pk: event.position,
          sympk: null,
          transferKey: data.transferKey,
          account: data.posting.debit,
          otherAccount: data.posting.credit,
          deltaCents: -data.posting.amountCents,
          balanceAfterCents: data.balanceAfterCents,
          at: data.at,
          posting: data.posting,
        });
        model.inFlightCents += data.posting.amountCents;
        return model;
      }
      case 'TransferCredited': {
        const data = event.data as TransferCredited['data'];
        const transfer = model.transfers.get(data.transferKey);
        addEntry(model, {
          pk: event.position,
          sympk: transfer?.debitPk ?? null,
          transferKey: data.transferKey,
          account: data.posting.credit,
          otherAccount: data.posting.debit,
          deltaCents: data.posting.amountCents,
          balanceAfterCents: data.balanceAfterCents,
          at: data.at,
          posting: data.posting,
        });
        model.awaitingCredit.delete(data.transferKey);
        if (transfer) {
          transfer.creditPk = event.position;
          const debitEntry = model.entryByPk.get(transfer.debitPk);
          if (debitEntry) debitEntry.sympk = event.position;
        }
        model.inFlightCents -= data.posting.amountCents;
        return model;
      }
      default: {
        const userPk = Number(event.stream.slice('membership-'.length));
        const state = model.memberships.get(userPk) ?? membershipDecider.initialState();
        model.memberships.set(
          userPk,
          membershipDecider.evolve(state, { type: event.type, data: event.data } as MembershipEvent),
        );
        return model;
      }
    }
  },
  storedFormOf: (model) => storedLedgerOf(model),
  restoreStored: (stored) => ledgerOfStored(stored as StoredLedger),
};
