// What to mail for which event, and the mails' texts. Pure: the mail process manager (api/src/mail)
// passes each event of the log to `mailPlanOf`, looks up the recipient, and composes the text here.
// Texts are Traditional Chinese with an English part, or English only for a user who chose English.
import type { Lang } from '../accounts/events.ts';
import { deterministicUuid } from '../ids.ts';
import { accountUserPk } from '../ledger/accounts.ts';
import type { MailKind } from './events.ts';

/** A receipt's line: what was paid or handed over at the counter. */
export type ReceiptItem =
  | { item: 'memberfee'; semester: string }
  | { item: 'workshop'; semester: string; workshopKind: string }
  | { item: 'add_value' }
  | { item: 'take_back' };

export type MailPlan =
  | { kind: 'welcome'; mailId: string; userPk: number }
  | {
      kind: 'receipt';
      mailId: string;
      userPk: number;
      receipt: ReceiptItem;
      /** Known from the posting, or null: the process manager looks it up by transferKey (a due). */
      amountCents: number | null;
      transferKey: string;
      at: string;
    }
  | { kind: 'reset'; mailId: string; userPk: number; resetId: string; expiresAt: string }
  | { kind: 'reminder'; mailId: string; userPk: number; loans: OverdueLoan[] };

/** A loan past its due date (books and equipment; the loans read model of issue 15 supplies them). */
export interface OverdueLoan {
  loanId: string;
  userPk: number;
  kind: 'book' | 'equipment';
  title: string;
  /** ISO instant the item was due back. */
  dueAt: string;
}

/** The fields of a recorded event the rules read. */
export interface SourceEvent {
  id: string;
  type: string;
  data: unknown;
}

/** The mail id of a mail caused by one event: the same event always gives the same id. */
export const mailIdOf = (kind: MailKind, sourceId: string) => deterministicUuid(`mail|${kind}|${sourceId}`);

type Posting = { kind: string; debit: string; credit: string; amountCents: number };

/**
 * Receipts by source. The shop's sales (a later issue) add their sale event here: one function from an
 * event to a receipt plan, or null when the event is not one it mails.
 */
export const receiptSources: ((event: SourceEvent) => MailPlan | null)[] = [
  (event) => {
    if (event.type !== 'DuePaid') return null;
    const data = event.data as {
      userPk: number;
      due: { kind: 'memberfee' | 'workshop'; semester: string; workshopKind?: string };
      transferKey: string;
      at: string;
    };
    const receipt: ReceiptItem =
      data.due.kind === 'memberfee'
        ? { item: 'memberfee', semester: data.due.semester }
        : { item: 'workshop', semester: data.due.semester, workshopKind: data.due.workshopKind ?? '' };
    return {
      kind: 'receipt',
      mailId: mailIdOf('receipt', event.id),
      userPk: data.userPk,
      receipt,
      amountCents: null,
      transferKey: data.transferKey,
      at: data.at,
    };
  },
  (event) => {
    // Cash at the counter: the member's side of the transfer (credited on add value, debited on take back).
    const data = event.data as { posting?: Posting; transferKey?: string; at?: string };
    const posting = data.posting;
    if (!posting || !data.transferKey || !data.at) return null;
    const side =
      event.type === 'TransferCredited' && posting.kind === 'add_value'
        ? posting.credit
        : event.type === 'TransferDebited' && posting.kind === 'take_back'
          ? posting.debit
          : null;
    const userPk = side === null ? null : accountUserPk(side);
    if (userPk === null || side?.startsWith('cash-')) return null;
    return {
      kind: 'receipt',
      mailId: mailIdOf('receipt', event.id),
      userPk,
      receipt: { item: posting.kind === 'add_value' ? 'add_value' : 'take_back' },
      amountCents: posting.amountCents,
      transferKey: data.transferKey,
      at: data.at,
    };
  },
];

/** The mail an event of the log causes, if any. */
export function mailPlanOf(event: SourceEvent): MailPlan | null {
  switch (event.type) {
    case 'UserRegistered': {
      const data = event.data as { pk: number };
      return { kind: 'welcome', mailId: mailIdOf('welcome', event.id), userPk: data.pk };
    }
    case 'PasswordResetRequested': {
      const data = event.data as { resetId: string; userPk: number; expiresAt: string };
      return {
        kind: 'reset',
        mailId: mailIdOf('reset', event.id),
        userPk: data.userPk,
        resetId: data.resetId,
        expiresAt: data.expiresAt,
      };
    }
    default:
      for (const source of receiptSources) {
        const plan = source(event);
        if (plan) return plan;
      }
      return null;
  }
}

export interface Recipient {
  email: string;
  name: string;
  lang: Lang;
}

export interface ComposeOptions {
  /** The club's social group (FB_GROUP_URL), for the welcome mail. */
  groupLink: string;
  /** The portal's origin, for links. */
  origin: string;
  /** A due's amount when the plan did not carry it. */
  amountCents?: number | null;
}

/** Stands for the reset link in a queued reset mail; the sender replaces it (see MailQueued.text). */
export const RESET_LINK_PLACEHOLDER = '{{link}}';

const ntd = (cents: number | null | undefined) => (cents == null ? '' : `${cents / 100} NTD`);
const taipeiTime = (iso: string) =>
  new Date(Date.parse(iso) + 8 * 3600_000).toISOString().slice(0, 16).replace('T', ' ');

/** The subject and text of a planned mail, in the recipient's language (both when not English). */
export function composeMail(
  plan: MailPlan,
  recipient: Recipient,
  options: ComposeOptions,
): { subject: string; text: string } {
  const both = (zh: { subject: string; text: string }, en: { subject: string; text: string }) =>
    recipient.lang === 'en'
      ? en
      : { subject: `${zh.subject} / ${en.subject}`, text: `${zh.text}\n\n----\n\n${en.text}` };
  switch (plan.kind) {
    case 'welcome':
      return both(
        {
          subject: '歡迎加入攝影社',
          text: `${recipient.name} 你好，\n\n歡迎加入攝影社！請加入社團的社群：${options.groupLink}\n會員入口：${options.origin}/`,
        },
        {
          subject: 'Welcome to the photography club',
          text: `Hello ${recipient.name},\n\nWelcome to the club! Please join our group: ${options.groupLink}\nMembers' portal: ${options.origin}/`,
        },
      );
    case 'receipt': {
      const amount = ntd(plan.amountCents ?? options.amountCents);
      const when = taipeiTime(plan.at);
      const [zhItem, enItem] = receiptItemText(plan.receipt);
      return both(
        {
          subject: `收據：${zhItem}`,
          text: `${recipient.name} 你好，\n\n${when} ${zhItem} ${amount}\n交易編號：${plan.transferKey}\n\n如有疑問請洽社辦。`,
        },
        {
          subject: `Receipt: ${enItem}`,
          text: `Hello ${recipient.name},\n\n${when} ${enItem} ${amount}\nTransaction: ${plan.transferKey}\n\nQuestions? Ask at the club office.`,
        },
      );
    }
    case 'reset':
      return both(
        {
          subject: '重設密碼',
          text: `${recipient.name} 你好，\n\n請在 30 分鐘內開啟以下連結重設密碼（只能使用一次）：\n${RESET_LINK_PLACEHOLDER}\n\n如果你沒有要求重設密碼，請忽略這封信。`,
        },
        {
          subject: 'Reset your password',
          text: `Hello ${recipient.name},\n\nOpen this link within 30 minutes to set a new password (it works once):\n${RESET_LINK_PLACEHOLDER}\n\nIf you did not ask for this, ignore this mail.`,
        },
      );
    case 'reminder': {
      const lines = (en: boolean) =>
        plan.loans
          .map(
            (loan) =>
              `- ${loan.title}（${en ? (loan.kind === 'book' ? 'book' : 'equipment') : loan.kind === 'book' ? '書' : '器材'}）${en ? 'due' : '到期'} ${taipeiTime(loan.dueAt)}`,
          )
          .join('\n');
      return both(
        {
          subject: '借用逾期提醒',
          text: `${recipient.name} 你好，\n\n以下借用已逾期，請盡快歸還：\n${lines(false)}`,
        },
        {
          subject: 'Overdue loans',
          text: `Hello ${recipient.name},\n\nThese loans are overdue; please bring them back soon:\n${lines(true)}`,
        },
      );
    }
    default:
      return plan satisfies never;
  }
}

function receiptItemText(item: ReceiptItem): [string, string] {
  switch (item.item) {
    case 'memberfee':
      return [`${item.semester} 學期社費`, `member fee ${item.semester}`];
    case 'workshop':
      return [
        `${item.semester} 工作坊押金 (${item.workshopKind})`,
        `workshop deposit ${item.semester} (${item.workshopKind})`,
      ];
    case 'add_value':
      return ['櫃台儲值', 'top-up at the counter'];
    case 'take_back':
      return ['櫃台退款', 'cash back at the counter'];
    default:
      return item satisfies never;
  }
}

/** The reminder of one user for one day: one mail a day per person, whatever the number of loans. */
export const reminderMailId = (userPk: number, day: string) =>
  deterministicUuid(`mail|reminder|${userPk}|${day}`);
