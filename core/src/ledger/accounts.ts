// Accounts of the ledger. Every user has a stored-value account; the club's own accounts are accounts too,
// marked non-human. An account id is a string:
//   '{pk}'       a user's account, or a club account that has a reserved user pk (1–100, 2861; see
//                core/src/accounts/pk-sequence.ts): film stock 4, giclee stock 2861, member-fee income 10, ...
//   'cash-{pk}'  the cash in hand of one staff member (the cash they received and still hold for the club).
// The account's events live in the stream `account-{id}`, so a user's stream is `account-{pk}`.
import { FIRST_PERSON_PK } from '../accounts/pk-sequence.ts';

/** An account id: '{pk}' or 'cash-{pk}' (see the header comment). */
export type AccountId = string;

/** Where a caller names an account: a user pk, or an account id. */
export type AccountRef = AccountId | number;

export const ACCOUNT_ID_PATTERN = /^(?:[1-9]\d{0,14}|cash-[1-9]\d{0,14})$/;

export const isAccountId = (value: string): boolean => ACCOUNT_ID_PATTERN.test(value);

export function assertAccountId(value: string): asserts value is AccountId {
  if (!isAccountId(value)) throw new Error(`not an account id: ${JSON.stringify(value)}`);
}

/** The account of a user (or of a club account with a reserved pk). */
export const userAccount = (pk: number): AccountId => {
  if (!Number.isSafeInteger(pk) || pk <= 0) throw new Error(`not a user pk: ${pk}`);
  return String(pk);
};

/** A staff member's cash in hand: debited when they take cash for the club (add value, fee collection). */
export const staffCashAccount = (staffPk: number): AccountId => `cash-${userAccount(staffPk)}`;

export const toAccountId = (ref: AccountRef): AccountId => {
  if (typeof ref === 'number') return userAccount(ref);
  assertAccountId(ref);
  return ref;
};

export const accountStream = (account: AccountId): string => `account-${account}`;

/** The user pk of a '{pk}' account, or null for a staff cash account. */
export const accountUserPk = (account: AccountId): number | null =>
  /^\d+$/.test(account) ? Number(account) : null;

/** The member-fee income text: a plain transfer to an account whose name contains it is refused. */
export const MEMBER_FEE_ACCOUNT_TEXT = '社費';

export interface ClubAccount {
  id: AccountId;
  nameZh: string;
  nameEn: string;
  /**
   * True for accounts whose balance is the other side of cash the club holds, so they run negative by
   * design (every cash top-up debits one of them): the pouch-clearing account and the club's cash and bank.
   */
  mayGoNegative: boolean;
}

/**
 * The club's own accounts. Their ids are user pks kept for the club (people start at FIRST_PERSON_PK), so
 * the user pickers and logs can show them like any account. Staff cash accounts are per staff member:
 * see staffCashAccount.
 */
export const CLUB_ACCOUNTS = {
  /** Film stock: sales of film are credited here (document 2, section 9). */
  filmStock: { id: '4', nameZh: '底片庫存', nameEn: 'Film stock', mayGoNegative: false },
  /** Giclee (fine-art inkjet) printing and its paper stock. */
  gicleeStock: { id: '2861', nameZh: '數位輸出', nameEn: 'Giclee printing', mayGoNegative: false },
  /** Member fees received: credited by fee payments, debited by their refunds. */
  memberFeeIncome: { id: '10', nameZh: '社費收入', nameEn: 'Member fee income', mayGoNegative: false },
  /** Workshop deposits the club holds until they are returned. */
  workshopDeposits: {
    id: '11',
    nameZh: '工作坊保證金',
    nameEn: 'Workshop deposits held',
    mayGoNegative: false,
  },
  /**
   * Cash pouches awaiting count: a member's pouch top-up debits it at once (the cash is in the pouch), and
   * the deposit count credits it when the counted cash moves to the club's cash. Its balance is minus the
   * cash still in uncounted pouches (plus any counting difference).
   */
  pouchClearing: {
    id: '12',
    nameZh: '儲值袋待點收',
    nameEn: 'Cash pouches awaiting count',
    mayGoNegative: true,
  },
  /** The club's cash box and bank account: minus the cash the club holds. */
  clubCash: { id: '13', nameZh: '社團現金與存款', nameEn: 'Club cash and bank', mayGoNegative: true },
  /** Label printing: user-label sheets beyond the day's free ones are paid here (core/src/labels). */
  labelIncome: { id: '14', nameZh: '標籤機收入', nameEn: 'Label printing income', mayGoNegative: false },
  /**
   * Supplies stock: sales of every stock group other than film and giclee paper are paid here, and their
   * purchases paid from it (core/src/stock/accounts.ts).
   */
  suppliesStock: { id: '20', nameZh: '耗材庫存', nameEn: 'Supplies stock', mayGoNegative: false },
  /** Library fines: late returns of books pay 5 a book a day here (core/src/loans, docs/loans.md). */
  libraryFines: { id: '31', nameZh: '圖書逾期罰款', nameEn: 'Library fines', mayGoNegative: false },
  /** Equipment deposits the club holds while an item is lent; released at its return. */
  equipmentDeposits: {
    id: '32',
    nameZh: '器材押金',
    nameEn: 'Equipment deposits held',
    mayGoNegative: false,
  },
  /** Equipment rent: the default account an item's rent is paid into. */
  equipmentRent: { id: '33', nameZh: '器材租金', nameEn: 'Equipment rent', mayGoNegative: false },
  /** Darkroom fees beyond the member fee's allowance (core/src/darkroom-sessions, docs/darkroom-sessions.md). */
  darkroomIncome: { id: '34', nameZh: '暗房使用費', nameEn: 'Darkroom fees', mayGoNegative: false },
  /**
   * Group buys: deposits held at ordering and remainders billed at closing are paid here, cancels are
   * refunded from it (core/src/groupbuy, docs/groupbuy.md).
   */
  groupBuy: { id: '35', nameZh: '團購', nameEn: 'Group buys', mayGoNegative: false },
} as const satisfies Record<string, ClubAccount>;

export type ClubAccountKey = keyof typeof CLUB_ACCOUNTS;

const clubAccountsById: ReadonlyMap<AccountId, ClubAccount> = new Map(
  Object.values(CLUB_ACCOUNTS).map((account) => [account.id, account]),
);

for (const account of clubAccountsById.values()) {
  const pk = Number(account.id);
  if (pk >= FIRST_PERSON_PK && pk !== 2861)
    throw new Error(`club account ${account.id} is not a reserved pk`);
}

export const clubAccountOf = (account: AccountId): ClubAccount | undefined => clubAccountsById.get(account);

export const isStaffCashAccount = (account: AccountId): boolean => account.startsWith('cash-');

/** A person's account: not a club account and not a staff cash account. */
export const isHumanAccount = (account: AccountId): boolean =>
  !clubAccountsById.has(account) && !isStaffCashAccount(account);

/** Club accounts that run negative by design, and every staff cash account. */
export const mayGoNegativeByDesign = (account: AccountId): boolean =>
  clubAccountsById.get(account)?.mayGoNegative === true || isStaffCashAccount(account);

/**
 * The display name of an account. People's names are not the ledger's to know: pass `personName` (the
 * user's name from the accounts domain) for a human account.
 */
export function accountName(account: AccountId, lang: 'zh' | 'en', personName?: string): string {
  const club = clubAccountsById.get(account);
  if (club) return lang === 'zh' ? club.nameZh : club.nameEn;
  if (isStaffCashAccount(account)) {
    const pk = account.slice('cash-'.length);
    return lang === 'zh' ? `幹部手上現金 ${pk}` : `Cash in hand of staff ${pk}`;
  }
  return personName ?? account;
}
