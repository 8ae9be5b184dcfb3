import { describe, it } from 'vitest';
import { type PouchEvent, pouchEventSchema } from './events.ts';
import { type PouchCommand, pouchDecider, pouchTopUpPosting } from './pouch.ts';
import { deciderSpec } from './testing.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const at = now.toISOString();
const spec = deciderSpec(pouchDecider, pouchEventSchema, now);

const registered: PouchEvent = { type: 'PouchRegistered', data: { barcode: 'P0001', actorPk: 7, at } };
const use = (userPk: number, amountCents: number): PouchCommand => ({
  type: 'UsePouch',
  barcode: 'P0001',
  userPk,
  amountCents,
  actorPk: userPk,
});
const used = (userPk: number, amountCents: number): PouchEvent => ({
  type: 'PouchUsed',
  data: {
    barcode: 'P0001',
    userPk,
    amountCents,
    posting: pouchTopUpPosting('P0001', userPk, amountCents, userPk),
    at,
  },
});

describe('pouch top-up', () => {
  it('given no pouch, when registered, then PouchRegistered; registering again changes nothing', () => {
    spec.given([]).when({ type: 'RegisterPouch', barcode: 'P0001', actorPk: 7 }).thenEvents([registered]);
    spec.given([registered]).when({ type: 'RegisterPouch', barcode: 'P0001', actorPk: 8 }).thenEvents([]);
  });

  it('given an unregistered barcode, when a member tops up, then pouch_unknown', () => {
    spec.given([]).when(use(101, 50_000)).thenRejected('pouch_unknown');
  });

  it.each([0, -10_000, 5_000, 15_000, 10_000.5])(
    'given a pouch, when the amount is %s cents, then amount_invalid',
    (amount) => {
      spec.given([registered]).when(use(101, amount)).thenRejected('amount_invalid');
    },
  );

  it('given an unused pouch, when a member tops up 500 NTD, then PouchUsed with the pouch-clearing posting', () => {
    spec
      .given([registered])
      .when(use(101, 50_000))
      .thenEvents([used(101, 50_000)]);
  });

  it('given a used pouch, when the same member and amount come again, then nothing new (a retry)', () => {
    spec
      .given([registered, used(101, 50_000)])
      .when(use(101, 50_000))
      .thenEvents([]);
  });

  it.each([
    ['another member', 102, 50_000],
    ['another amount', 101, 60_000],
  ])('given a used pouch, when %s uses it, then pouch_used', (_name, userPk, amount) => {
    spec
      .given([registered, used(101, 50_000)])
      .when(use(userPk, amount))
      .thenRejected('pouch_used');
  });
});
