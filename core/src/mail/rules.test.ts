// Given an event of the log, when the mail rules read it, then this mail (or none).
import { describe, expect, it } from 'vitest';
import { composeMail, mailPlanOf, RESET_LINK_PLACEHOLDER, reminderMailId } from './rules.ts';

const posting = (kind: string, debit: string, credit: string) => ({
  transferId: 't',
  kind,
  debit,
  credit,
  amountCents: 50_000,
  summary: '',
  actorPk: 7,
  links: {},
});
const at = '2026-11-22T04:00:00.000Z';
const recipient = { email: 'a@example.com', name: '王小明', lang: 'tw' as const };
const options = { groupLink: 'https://g.example', origin: 'https://portal.example' };

describe('mailPlanOf', () => {
  it('welcomes a registered user, with the same mail id for the same event', () => {
    const event = { id: 'e1', type: 'UserRegistered', data: { pk: 101 } };
    const plan = mailPlanOf(event);
    expect(plan).toMatchObject({ kind: 'welcome', userPk: 101 });
    expect(mailPlanOf(event)?.mailId).toBe(plan?.mailId);
    expect(mailPlanOf({ ...event, id: 'e2' })?.mailId).not.toBe(plan?.mailId);
  });

  it('sends a receipt for a paid member fee, the amount looked up later', () => {
    const plan = mailPlanOf({
      id: 'e3',
      type: 'DuePaid',
      data: { userPk: 101, due: { kind: 'memberfee', semester: '115-1' }, transferKey: '101/due:x', at },
    });
    expect(plan).toMatchObject({
      kind: 'receipt',
      userPk: 101,
      amountCents: null,
      receipt: { item: 'memberfee' },
    });
  });

  it('sends a receipt to the member for cash at the counter, from the member side only', () => {
    const credited = {
      transferKey: 'cash-7/add_value:1',
      at,
      posting: posting('add_value', 'cash-7', '101'),
    };
    expect(mailPlanOf({ id: 'c', type: 'TransferCredited', data: credited })).toMatchObject({
      userPk: 101,
      amountCents: 50_000,
      receipt: { item: 'add_value' },
    });
    expect(mailPlanOf({ id: 'd', type: 'TransferDebited', data: credited })).toBeNull();
    const takeBack = { transferKey: '101/take_back:1', at, posting: posting('take_back', '101', 'cash-7') };
    expect(mailPlanOf({ id: 'f', type: 'TransferDebited', data: takeBack })).toMatchObject({
      userPk: 101,
      receipt: { item: 'take_back' },
    });
    const transfer = { transferKey: '101/x', at, posting: posting('transfer', '101', '102') };
    expect(mailPlanOf({ id: 'g', type: 'TransferCredited', data: transfer })).toBeNull();
  });

  it('mails nothing for other events', () => {
    expect(mailPlanOf({ id: 'h', type: 'PasswordChanged', data: {} })).toBeNull();
  });
});

describe('composeMail', () => {
  it('writes Chinese with an English part, or English only for a user who chose English', () => {
    const plan = mailPlanOf({ id: 'e1', type: 'UserRegistered', data: { pk: 101 } })!;
    const both = composeMail(plan, recipient, options);
    expect(both.subject).toBe('歡迎加入攝影社 / Welcome to the photography club');
    expect(both.text).toContain('https://g.example');
    const english = composeMail(plan, { ...recipient, lang: 'en' }, options);
    expect(english.subject).toBe('Welcome to the photography club');
    expect(english.text).not.toMatch(/歡迎/);
  });

  it('leaves the reset link to the sender, and shows a receipt amount in NTD', () => {
    const reset = mailPlanOf({
      id: 'r',
      type: 'PasswordResetRequested',
      data: { resetId: 'x', userPk: 101, expiresAt: at },
    })!;
    expect(composeMail(reset, recipient, options).text).toContain(RESET_LINK_PLACEHOLDER);
    const receipt = mailPlanOf({
      id: 'e3',
      type: 'DuePaid',
      data: { userPk: 101, due: { kind: 'memberfee', semester: '115-1' }, transferKey: '101/due:x', at },
    })!;
    expect(composeMail(receipt, recipient, { ...options, amountCents: 60_000 }).text).toContain('600 NTD');
  });

  it('lists every overdue loan of a person in one reminder a day', () => {
    const loans = [
      { loanId: 'l1', userPk: 101, kind: 'book' as const, title: '攝影構圖', dueAt: at },
      { loanId: 'l2', userPk: 101, kind: 'equipment' as const, title: 'Tripod', dueAt: at },
    ];
    const plan = { kind: 'reminder' as const, mailId: reminderMailId(101, '2026-11-22'), userPk: 101, loans };
    const text = composeMail(plan, recipient, options).text;
    expect(text).toContain('攝影構圖');
    expect(text).toContain('Tripod');
    expect(reminderMailId(101, '2026-11-22')).toBe(plan.mailId);
    expect(reminderMailId(101, '2026-11-23')).not.toBe(plan.mailId);
  });
});
