import { MEMBER_FEE_ACCOUNT_TEXT } from '@club/core/ledger/accounts';
import { SUMMARY_MIN_LENGTH } from '@club/core/ledger/money';
import { canSpend, type SessionUser } from '../../../shared/session/user';

// The transfer form's checks, in the spec's order (doc 1, section 5), the same the server makes: a
// recipient chosen, the amount a positive integer, the balance sufficient (or allowdebt), a summary of
// at least 2 characters, and no transfer to the member-fee income. Pure; the pages translate the codes.

export type TransferProblem =
  | 'no_recipient'
  | 'amount_invalid'
  | 'insufficient_balance'
  | 'summary_too_short'
  | 'memberfee_account';

/** A positive whole NTD amount typed into the form, or null. */
export function parseAmount(text: string): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const amount = Number(trimmed);
  return amount > 0 ? amount : null;
}

/** Characters as a person counts them (one CJK character counts once), after trimming. */
const characterCount = (text: string): number => [...text.trim()].length;

export function transferProblem(input: {
  recipient: { name: string } | null;
  amountText: string;
  summary: string;
  user: SessionUser;
}): TransferProblem | null {
  if (input.recipient === null) return 'no_recipient';
  const amount = parseAmount(input.amountText);
  if (amount === null) return 'amount_invalid';
  if (!canSpend(input.user, amount)) return 'insufficient_balance';
  if (characterCount(input.summary) < SUMMARY_MIN_LENGTH) return 'summary_too_short';
  if (input.recipient.name.includes(MEMBER_FEE_ACCOUNT_TEXT)) return 'memberfee_account';
  return null;
}

/** The pouch top-up amount: a positive multiple of 100 NTD, or null. */
export function parsePouchAmount(text: string): number | null {
  const amount = parseAmount(text);
  return amount !== null && amount % 100 === 0 ? amount : null;
}

/** The semester a person pays next: the current one unless paid, else the next one unless paid. */
export function semesterToPay(
  user: Pick<SessionUser, 'ismember' | 'isnextmember'>,
  semesters: { semester: string; nextsemester: string },
): string | null {
  if (!user.ismember) return semesters.semester;
  if (!user.isnextmember) return semesters.nextsemester;
  return null;
}
