// AdminFinanceStat (document 3 leaves the screen empty; docs/finance.md): the club's books per semester,
// and exports of a semester's journal and its trial balance as CSV or XLSX. Staff holding addvalue (the
// cash and pouch authority). Money is NTD (the ledger keeps cents; every figure here is a whole cent / 100).
import { z } from 'zod';
import { endpoint, failSchema, okSchema } from './shared.ts';

/** A semester tag such as '115-1'. */
export const semesterTagParamSchema = z.string().regex(/^\d{2,3}-[12]$/);

export const accountGroupSchema = z.enum(['income', 'held', 'stock', 'cash']);

/** The moment a figure reflects: the log position the read models had reached, and the time. */
export const momentSchema = z.object({
  position: z.number(),
  /** When the page's figures were read (ISO instant). */
  at: z.string(),
  /** The last money event seen: its position and its time (null before any). */
  lastMoneyPosition: z.number(),
  lastMoneyAt: z.string().nullable(),
});

/** One club account's activity in the semester: money in (credits) and out (debits). */
export const activityRowSchema = z.object({
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  group: accountGroupSchema,
  /** Money in (the ledger's credits). */
  income: z.number(),
  /** Money out (the ledger's debits). */
  expense: z.number(),
  net: z.number(),
  lines: z.number(),
});

export const trialBalanceRowSchema = z.object({
  account: z.string(),
  name: z.string(),
  nameEn: z.string(),
  /** 'members' is every person's account added into one row (the export lists each). */
  kind: z.enum(['club', 'staffcash', 'members']),
  debit: z.number(),
  credit: z.number(),
  /** Credits less debits: the account's balance. */
  balance: z.number(),
});

export const financeSummary = endpoint({
  method: 'GET',
  path: '/admin/finance',
  /** Without a semester: the current one. */
  query: z.object({ semester: semesterTagParamSchema.optional() }),
  ok: okSchema.extend({
    semester: z.string(),
    /** Semesters with money events, and the current one, newest first. */
    semesters: z.array(z.string()),
    /** The semester's bounds (Taipei midnights), ISO instants; end exclusive. */
    start: z.string(),
    end: z.string(),
    moment: momentSchema,
    activity: z.array(activityRowSchema),
    /**
     * Counter sales and purchases of the semester by the item's account prefix (document 1's price list
     * groups): sales net of refunds, purchases net of their refunds.
     */
    salesByPrefix: z.array(
      z.object({
        prefix: z.string(),
        name: z.string(),
        nameEn: z.string(),
        account: z.string(),
        sales: z.number(),
        purchases: z.number(),
      }),
    ),
    /** Totals of the income accounts (fees, fines, rents, darkroom, labels) in the semester. */
    incomeTotal: z.number(),
    /** Cash each staff member holds for the club now (their cash-in-hand account), largest first. */
    staffCash: z.array(z.object({ pk: z.number(), pkstr: z.string(), name: z.string(), amount: z.number() })),
    /** Counted cash in the club's cash box and bank now. */
    clubCash: z.number(),
    pouches: z.object({
      /** Used by members, not yet counted: count and declared amount. */
      uncounted: z.object({ count: z.number(), amount: z.number() }),
      /** Counted in the open batch, not yet committed. */
      counted: z.object({ count: z.number(), amount: z.number() }),
      /** Counted and committed in this semester (by the count's time). */
      committed: z.object({ count: z.number(), amount: z.number() }),
      /** Registered and still unused. */
      unused: z.number(),
    }),
    /** Stored value members hold now: a liability of the club. */
    storedValue: z.object({
      owed: z.number(),
      /** Debts of members allowed to go below zero. */
      debt: z.number(),
      net: z.number(),
      accounts: z.number(),
    }),
    /** Every line up to the semester's end (or now): cumulative, as at that moment. */
    trialBalance: z.object({
      asAt: z.string(),
      rows: z.array(trialBalanceRowSchema),
      inTransit: z.number(),
      totalDebit: z.number(),
      totalCredit: z.number(),
      /** Balances plus the transit line: zero. */
      total: z.number(),
    }),
    journalLines: z.number(),
  }),
  fail: failSchema,
});

/** The file's bytes: text/csv (UTF-8 with a BOM) or an XLSX workbook, as an attachment. */
export const financeExport = endpoint({
  method: 'GET',
  path: '/admin/finance/export',
  query: z.object({
    semester: semesterTagParamSchema,
    sheet: z.enum(['journal', 'trialbalance']),
    format: z.enum(['csv', 'xlsx']),
  }),
  ok: z.unknown().describe('the CSV or XLSX file'),
  fail: failSchema,
});
