// Counting the cash pouches (AdminDeposit; stream deposit-counting). Staff scan each pouch and enter what
// they counted; the scans form the open batch. Settle 1 checks the number of pouches in hand against the
// batch; settle 2 checks the banknotes (2000/1000/500/200/100) plus coins against the batch total (or,
// when the breakdown stays on the counting sheet, the total staff state: the spec's payload); commit
// closes the batch and moves its total from pouch clearing to the club's cash (club cash is debited,
// pouch clearing credited). One stream holds every count, so "already counted" is decided in one place.
//
// Whether a pouch is registered and used is a looked-up fact on the scan (from its pouch stream). A pouch
// never goes back from used to unused, so a fact read just before the scan cannot wrongly let it pass.
// A counted amount that differs from the declared one needs `force` (the forced recount); the difference
// stays on the pouch-clearing account, where the audit shows it, until staff correct it with a transfer.
import { assertNever, type Decider, reject } from '../decider.ts';
import { CLUB_ACCOUNTS } from './accounts.ts';
import type { Banknotes, DepositEvent, Posting } from './events.ts';
import { fingerprintOf } from './fingerprint.ts';
import { CENTS_PER_NTD } from './money.ts';
import { PersistentMap } from './persistent-map.ts';
import { systemSummary } from './summary-text.ts';

export interface CountedPouch {
  barcode: string;
  declaredCents: number;
  countedCents: number;
  forced: boolean;
}

/** What the counting stream remembers of a commit: enough to answer a retry with the first result. */
export interface CommitMemo {
  fingerprint: string;
  batchNo: number;
  totalCents: number;
  posting: Posting | null;
}

export interface DepositCountingState {
  /** The open batch's number (1, 2, ...). */
  batchNo: number;
  batch: readonly CountedPouch[];
  batchTotalCents: number;
  /** Every pouch ever counted, by barcode. */
  counted: PersistentMap<{ batchNo: number; countedCents: number }>;
  /** Commits by their idempotency key. */
  commits: Readonly<Record<string, CommitMemo>>;
}

/** What the pouch's own stream says about it when it is scanned. */
export type PouchFact =
  | { status: 'unregistered' }
  | { status: 'unused' }
  | { status: 'used'; amountCents: number };

export type ScanPouch = {
  type: 'ScanPouch';
  barcode: string;
  countedCents: number;
  force: boolean;
  pouch: PouchFact;
  staffPk: number;
};
export type CommitDeposit = {
  type: 'CommitDeposit';
  commitKey: string;
  pocketCount: number;
  /** The denomination breakdown, or null when only the total was sent (document 3's payload). */
  banknotes: Banknotes | null;
  coinsCents: number | null;
  /** The banknote total staff stated; required without a breakdown, checked against it with one. */
  statedTotalCents?: number | null;
  staffPk: number;
};
export type DepositCommand = ScanPouch | CommitDeposit;

export const depositReasons = [
  /** The amount is not a non-negative whole NTD amount ('please check amount'). */
  'amount_format',
  /** No such barcode. */
  'unknown',
  /** The pouch was never used. */
  'unused',
  /** The pouch was already counted. */
  'counted',
  /** The counted amount differs from the declared one: confirm with force ('amount wrong'). */
  'amount',
  /** Nothing counted in the open batch. */
  'nothing_counted',
  /** Settle 1: the pouch count differs from the counted pouches ('quantity inconsistent'). */
  'quantity',
  /** Settle 2: a banknote or coin field is not a non-negative integer ('amount input numbers only'). */
  'banknote_format',
  /** Settle 2: banknotes plus coins differ from the counted total ('total amount wrong'). */
  'total',
  'idempotency_mismatch',
] as const;
export type DepositReason = (typeof depositReasons)[number];

const isWholeNtd = (cents: number): boolean =>
  Number.isSafeInteger(cents) && cents >= 0 && cents % CENTS_PER_NTD === 0;

export const banknotesTotalCents = (banknotes: Banknotes, coinsCents: number): number =>
  (banknotes.n2000 * 2000 +
    banknotes.n1000 * 1000 +
    banknotes.n500 * 500 +
    banknotes.n200 * 200 +
    banknotes.n100 * 100) *
    CENTS_PER_NTD +
  coinsCents;

/** The content of a commit that idempotency compares. */
export const commitFingerprint = (commit: Omit<CommitDeposit, 'type' | 'commitKey'>): string =>
  fingerprintOf({
    pocketCount: commit.pocketCount,
    banknotes: commit.banknotes,
    coinsCents: commit.coinsCents,
    staffPk: commit.staffPk,
    // Only when given, so commits recorded before the field existed keep their fingerprint.
    ...(commit.statedTotalCents == null ? {} : { statedTotalCents: commit.statedTotalCents }),
  });

/** Settle 1: the pouches in hand must be exactly the counted ones. */
export const pouchCountRefusal = (
  state: DepositCountingState,
  pocketCount: number,
): 'nothing_counted' | 'quantity' | null => {
  if (state.batch.length === 0) return 'nothing_counted';
  return pocketCount === state.batch.length ? null : 'quantity';
};

/**
 * Settle 2: the banknotes and coins (or, without a breakdown, the stated total) must add up to the
 * counted total; a stated total sent with a breakdown must agree with it.
 */
export function banknoteRefusal(
  state: DepositCountingState,
  banknotes: Banknotes | null,
  coinsCents: number | null,
  statedTotalCents: number | null = null,
): 'banknote_format' | 'total' | null {
  if (statedTotalCents !== null && !isWholeNtd(statedTotalCents)) return 'banknote_format';
  if (banknotes === null || coinsCents === null) {
    if (banknotes !== coinsCents || statedTotalCents === null) return 'banknote_format';
    return statedTotalCents === state.batchTotalCents ? null : 'total';
  }
  if (statedTotalCents !== null && statedTotalCents !== banknotesTotalCents(banknotes, coinsCents))
    return 'total';
  const counts = [banknotes.n2000, banknotes.n1000, banknotes.n500, banknotes.n200, banknotes.n100];
  if (!counts.every((count) => Number.isSafeInteger(count) && count >= 0)) return 'banknote_format';
  if (!Number.isSafeInteger(coinsCents) || coinsCents < 0) return 'banknote_format';
  return banknotesTotalCents(banknotes, coinsCents) === state.batchTotalCents ? null : 'total';
}

/** The booking of a committed batch: club cash takes the counted cash from pouch clearing. */
export const depositPosting = (batchNo: number, totalCents: number, staffPk: number): Posting => ({
  transferId: `deposit:${batchNo}`,
  kind: 'deposit_commit',
  debit: CLUB_ACCOUNTS.clubCash.id,
  credit: CLUB_ACCOUNTS.pouchClearing.id,
  amountCents: totalCents,
  ...systemSummary({ code: 'deposit_commit', params: { batchNo } }),
  actorPk: staffPk,
  links: { deposit: { batchNo } },
});

export const depositCountingDecider: Decider<
  DepositCommand,
  DepositEvent,
  DepositCountingState,
  DepositReason
> = {
  initialState: () => ({
    batchNo: 1,
    batch: [],
    batchTotalCents: 0,
    counted: PersistentMap.empty(),
    commits: {},
  }),

  decide(command, state, now) {
    switch (command.type) {
      case 'ScanPouch': {
        if (!isWholeNtd(command.countedCents)) return reject('amount_format');
        if (command.pouch.status === 'unregistered') return reject('unknown');
        if (command.pouch.status === 'unused') return reject('unused');
        const prior = state.counted.get(command.barcode);
        if (prior) {
          // The same count again in the open batch is a retry of this scan.
          const retry = prior.batchNo === state.batchNo && prior.countedCents === command.countedCents;
          return retry ? [] : reject('counted', { batchNo: prior.batchNo });
        }
        const declaredCents = command.pouch.amountCents;
        if (command.countedCents !== declaredCents && !command.force)
          return reject('amount', { declaredCents });
        return [
          {
            type: 'PouchCounted',
            data: {
              batchNo: state.batchNo,
              barcode: command.barcode,
              declaredCents,
              countedCents: command.countedCents,
              forced: command.countedCents !== declaredCents,
              staffPk: command.staffPk,
              at: now.toISOString(),
            },
          },
        ];
      }
      case 'CommitDeposit': {
        const { commitKey, pocketCount, banknotes, coinsCents, staffPk } = command;
        const fingerprint = commitFingerprint(command);
        const prior = state.commits[commitKey];
        if (prior) return prior.fingerprint === fingerprint ? [] : reject('idempotency_mismatch');
        const countRefusal = pouchCountRefusal(state, pocketCount);
        if (countRefusal) return reject(countRefusal);
        const notesRefusal = banknoteRefusal(state, banknotes, coinsCents, command.statedTotalCents ?? null);
        if (notesRefusal) return reject(notesRefusal);
        const totalCents = state.batchTotalCents;
        return [
          {
            type: 'DepositCommitted',
            data: {
              batchNo: state.batchNo,
              commitKey,
              fingerprint,
              pouchCount: pocketCount,
              totalCents,
              banknotes,
              coinsCents,
              staffPk,
              posting: totalCents > 0 ? depositPosting(state.batchNo, totalCents, staffPk) : null,
              at: now.toISOString(),
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
      case 'PouchCounted': {
        const { barcode, declaredCents, countedCents, forced, batchNo } = event.data;
        return {
          ...state,
          batch: [...state.batch, { barcode, declaredCents, countedCents, forced }],
          batchTotalCents: state.batchTotalCents + countedCents,
          counted: state.counted.set(barcode, { batchNo, countedCents }),
        };
      }
      case 'DepositCommitted':
        return {
          ...state,
          batchNo: event.data.batchNo + 1,
          batch: [],
          batchTotalCents: 0,
          commits: {
            ...state.commits,
            [event.data.commitKey]: {
              fingerprint: event.data.fingerprint,
              batchNo: event.data.batchNo,
              totalCents: event.data.totalCents,
              posting: event.data.posting,
            },
          },
        };
      default:
        return state;
    }
  },
};
