// The workshop roster of one semester (stream workshop-roster-{semester}): who takes which workshop, and
// whether the deposit is paid. A person may be on several workshops of one semester, once per kind.
// Staff with workshopset add and remove entries; the ledger links the paying transfer (fee collection)
// and unlinks it when that transfer is refunded, so these two commands carry no actor authority.
import { assertNever, type Decider, reject } from '../decider.ts';
import type { AuthorityKey } from './authorities.ts';
import type { WorkshopKind, WorkshopRosterEvent } from './events.ts';

export const workshopKinds: readonly { kind: WorkshopKind; nameZh: string; nameEn: string }[] = [
  { kind: 1, nameZh: '暗房', nameEn: 'Darkroom' },
  { kind: 2, nameZh: '數位暗房', nameEn: 'Digital darkroom' },
  { kind: 3, nameZh: '攝影', nameEn: 'Photography' },
  { kind: 4, nameZh: '影像', nameEn: 'Image' },
  { kind: 5, nameZh: '大型相機', nameEn: 'Large-format camera' },
];

export const isWorkshopKind = (value: unknown): value is WorkshopKind =>
  value === 1 || value === 2 || value === 3 || value === 4 || value === 5;

/** Whether the workshop deposit of an entry is held, and by which transfer. */
export type WorkshopDeposit = { status: 'unpaid' } | { status: 'paid'; transferId: string };

/** Workshop entry: one person on one workshop kind in a semester (document 3: user, kind, trans). */
export interface WorkshopEntry {
  userPk: number;
  kind: WorkshopKind;
  deposit: WorkshopDeposit;
}

export interface WorkshopRosterState {
  /** Keyed by workshopEntryKey(userPk, kind), in the order the entries were added. */
  entries: ReadonlyMap<string, WorkshopEntry>;
}

export const workshopEntryKey = (userPk: number, kind: WorkshopKind): string => `${userPk}:${kind}`;

export type WorkshopRosterCommand =
  | {
      type: 'AddWorkshopEntry';
      semester: string;
      /** Null when no person was chosen. */
      userPk: number | null;
      /** As received; anything but 1..5 is refused with 'workshop_required'. */
      kind: number | null;
      actorAuthorities: readonly AuthorityKey[];
    }
  | {
      type: 'RemoveWorkshopEntry';
      semester: string;
      userPk: number;
      kind: WorkshopKind;
      actorAuthorities: readonly AuthorityKey[];
    }
  | { type: 'LinkWorkshopDeposit'; semester: string; userPk: number; kind: WorkshopKind; transferId: string }
  | {
      type: 'UnlinkWorkshopDeposit';
      semester: string;
      userPk: number;
      kind: WorkshopKind;
      transferId: string;
    };

export const workshopRosterReasons = [
  /** The actor lacks the workshopset authority. */
  'forbidden',
  /** No person chosen ('please choose a person'). */
  'user_required',
  /** No workshop kind, or not one of 1..5 ('please choose a workshop'). */
  'workshop_required',
  /** The person is already on this workshop kind this semester ('already added this user'). */
  'duplicated',
  /** No such entry. */
  'notfound',
  /** The entry's deposit is held: refund the deposit (which unlinks it) before removing the entry. */
  'paid',
  /** Linking a deposit to an entry already paid by another transfer. */
  'already_paid',
  /** Unlinking with a transfer other than the one that paid the entry. */
  'link_mismatch',
] as const;
export type WorkshopRosterReason = (typeof workshopRosterReasons)[number];

export const workshopRosterDecider: Decider<
  WorkshopRosterCommand,
  WorkshopRosterEvent,
  WorkshopRosterState,
  WorkshopRosterReason
> = {
  initialState: () => ({ entries: new Map() }),

  decide(command, state) {
    switch (command.type) {
      case 'AddWorkshopEntry': {
        if (!command.actorAuthorities.includes('workshopset')) return reject('forbidden');
        if (command.userPk === null) return reject('user_required');
        if (!isWorkshopKind(command.kind)) return reject('workshop_required');
        if (state.entries.has(workshopEntryKey(command.userPk, command.kind))) return reject('duplicated');
        return [
          {
            type: 'WorkshopEntryAdded',
            data: { semester: command.semester, userPk: command.userPk, kind: command.kind },
          },
        ];
      }
      case 'RemoveWorkshopEntry': {
        if (!command.actorAuthorities.includes('workshopset')) return reject('forbidden');
        const entry = state.entries.get(workshopEntryKey(command.userPk, command.kind));
        if (!entry) return reject('notfound');
        if (entry.deposit.status === 'paid') return reject('paid', { transferId: entry.deposit.transferId });
        return [
          {
            type: 'WorkshopEntryRemoved',
            data: { semester: command.semester, userPk: command.userPk, kind: command.kind },
          },
        ];
      }
      case 'LinkWorkshopDeposit': {
        const entry = state.entries.get(workshopEntryKey(command.userPk, command.kind));
        if (!entry) return reject('notfound');
        if (entry.deposit.status === 'paid') {
          // The same transfer again is a retry of the ledger's step: nothing to do.
          return entry.deposit.transferId === command.transferId ? [] : reject('already_paid');
        }
        const { semester, userPk, kind, transferId } = command;
        return [{ type: 'WorkshopDepositLinked', data: { semester, userPk, kind, transferId } }];
      }
      case 'UnlinkWorkshopDeposit': {
        const entry = state.entries.get(workshopEntryKey(command.userPk, command.kind));
        if (!entry) return reject('notfound');
        // Already unpaid: a retry of the ledger's step, nothing to do.
        if (entry.deposit.status === 'unpaid') return [];
        if (entry.deposit.transferId !== command.transferId) return reject('link_mismatch');
        const { semester, userPk, kind, transferId } = command;
        return [{ type: 'WorkshopDepositUnlinked', data: { semester, userPk, kind, transferId } }];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'WorkshopEntryAdded': {
        const key = workshopEntryKey(event.data.userPk, event.data.kind);
        const entries = new Map(state.entries);
        entries.set(key, { userPk: event.data.userPk, kind: event.data.kind, deposit: { status: 'unpaid' } });
        return { entries };
      }
      case 'WorkshopEntryRemoved': {
        const entries = new Map(state.entries);
        entries.delete(workshopEntryKey(event.data.userPk, event.data.kind));
        return { entries };
      }
      case 'WorkshopDepositLinked':
      case 'WorkshopDepositUnlinked': {
        const key = workshopEntryKey(event.data.userPk, event.data.kind);
        const entry = state.entries.get(key);
        if (!entry) return state;
        const deposit: WorkshopDeposit =
          event.type === 'WorkshopDepositLinked'
            ? { status: 'paid', transferId: event.data.transferId }
            : { status: 'unpaid' };
        const entries = new Map(state.entries);
        entries.set(key, { ...entry, deposit });
        return { entries };
      }
      default:
        return state;
    }
  },
};
