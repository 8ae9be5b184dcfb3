// Stock accounts: the groups items belong to, named by a prefix (document 1: UserPriceList's accountprefix
// values), and the ledger account each group's sales pay into. Document 3 names two: film stock (pk 4)
// and giclee stock (pk 2861). Every other group pays into one club account, supplies stock (pk 20), so the
// club sees its takings from film, giclee paper and everything else apart (docs/stock.md). A purchase is
// paid by the same account (to the club's cash), so each account's balance is its takings less its
// purchases.
import { CLUB_ACCOUNTS } from '../ledger/accounts.ts';

export interface StockAccount {
  prefix: string;
  nameZh: string;
  nameEn: string;
  /** The ledger account (a reserved user pk) sales of this group pay into. */
  ledgerAccount: string;
  /** Work sold by the piece (scanning, developing), not goods: no stock is shown. */
  service: boolean;
}

const FILM = CLUB_ACCOUNTS.filmStock.id;
const GICLEE = CLUB_ACCOUNTS.gicleeStock.id;
const SUPPLIES = CLUB_ACCOUNTS.suppliesStock.id;

/** In the price list's menu order. */
export const STOCK_ACCOUNTS: readonly StockAccount[] = [
  { prefix: 'F', nameZh: '底片', nameEn: 'Film', ledgerAccount: FILM, service: false },
  { prefix: 'E24', nameZh: '暗房相紙', nameEn: 'Darkroom paper', ledgerAccount: SUPPLIES, service: false },
  { prefix: 'SP', nameZh: '共用相紙', nameEn: 'Shared paper', ledgerAccount: SUPPLIES, service: false },
  { prefix: 'I', nameZh: '暗房藥水', nameEn: 'Darkroom chemicals', ledgerAccount: SUPPLIES, service: false },
  {
    prefix: 'J',
    nameZh: '相框與耗材',
    nameEn: 'Frames and supplies',
    ledgerAccount: SUPPLIES,
    service: false,
  },
  { prefix: 'MOUNT', nameZh: '裱褙材料', nameEn: 'Mounting', ledgerAccount: SUPPLIES, service: false },
  { prefix: 'GICLEE', nameZh: '微噴相紙', nameEn: 'Giclee paper', ledgerAccount: GICLEE, service: false },
  {
    prefix: 'ED9',
    nameZh: '數位暗房耗材',
    nameEn: 'Digital darkroom supplies',
    ledgerAccount: SUPPLIES,
    service: false,
  },
  { prefix: 'V850', nameZh: '底片掃描', nameEn: 'Film scanning', ledgerAccount: SUPPLIES, service: true },
  { prefix: 'FILMDUP', nameZh: '底片翻拍', nameEn: 'Film copying', ledgerAccount: SUPPLIES, service: true },
  {
    prefix: 'FILMD120',
    nameZh: '120 底片沖洗',
    nameEn: '120 film developing',
    ledgerAccount: SUPPLIES,
    service: true,
  },
];

const byPrefix: ReadonlyMap<string, StockAccount> = new Map(
  STOCK_ACCOUNTS.map((account) => [account.prefix, account]),
);

export const stockAccountOf = (prefix: string): StockAccount | undefined => byPrefix.get(prefix);

/** The ledger accounts stock sales pay into (they may run below zero: purchases are paid from them). */
export const STOCK_LEDGER_ACCOUNTS: ReadonlySet<string> = new Set(STOCK_ACCOUNTS.map((a) => a.ledgerAccount));

export const isStockLedgerAccount = (account: string): boolean => STOCK_LEDGER_ACCOUNTS.has(account);

/** Where purchases are paid to: the club's cash and bank (the money left the club for the supplier). */
export const PURCHASE_PAYEE = CLUB_ACCOUNTS.clubCash.id;

/** The shared-paper account: the price list shows only items named shared there (document 1, section 9). */
export const SHARED_PAPER_PREFIX = 'SP';
/** Accounts whose purchases need a manufacturing date / an expiry date (document 3, section 5). */
export const MANUFACTURE_DATE_PREFIX = 'E24';
export const EXPIRY_DATE_PREFIX = 'F';
