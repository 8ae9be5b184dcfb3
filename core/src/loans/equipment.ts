// Equipment lending: one stream `equipment` decides the items and every loan, so an item is never lent
// twice at once. A loan with a deposit is a small saga (docs/loans.md): PropertyLent records the deposit
// to hold, the service posts it (member → equipment deposits held), then PropertyDepositHeld, or
// PropertyLendCancelled when the ledger refused it. The return records the rent and how it splits against
// the deposit; the service then posts those transfers, each with an id derived from the loan, so a
// deposit is released exactly once however often the settlement runs.
import { z } from 'zod';
import { type Decider, type Rejection, reject } from '../decider.ts';
import { instantSchema } from '../ledger/events.ts';
import { type ActivityType, depositCents, rentCents, settleRent } from './rules.ts';

export const EQUIPMENT_STREAM = 'equipment';

const pkSchema = z.number().int().positive();
const actorSchema = pkSchema.nullable();
const centsSchema = z.number().int().nonnegative();
const activitySchema = z.union([z.literal(1), z.literal(2), z.literal(5)]);

export const propertyFieldsSchema = z.object({
  name: z.string().min(1).max(100),
  /** The ledger account (a user pk) the rent is paid into. */
  accountPk: pkSchema,
  dayFeeCents: z.number().int().positive(),
});
export type PropertyFields = z.infer<typeof propertyFieldsSchema>;

export const equipmentEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PropertyAdded'),
    data: z.object({
      propertyPk: pkSchema,
      property: propertyFieldsSchema,
      requestKey: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PropertyEdited'),
    data: z.object({
      propertyPk: pkSchema,
      property: propertyFieldsSchema,
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PropertyLent'),
    data: z.object({
      loanPk: pkSchema,
      propertyPk: pkSchema,
      userPk: pkSchema,
      activityType: activitySchema,
      dayFeeCents: z.number().int().positive(),
      depositCents: centsSchema,
      at: instantSchema,
      expReturnAt: instantSchema,
      comment: z.string().max(200),
      requestKey: z.string().max(300),
      fingerprint: z.string().max(300),
      actorPk: actorSchema,
    }),
  }),
  z.object({
    type: z.literal('PropertyDepositHeld'),
    data: z.object({ loanPk: pkSchema, propertyPk: pkSchema, transferKey: z.string().max(300) }),
  }),
  z.object({
    type: z.literal('PropertyLendCancelled'),
    data: z.object({ loanPk: pkSchema, propertyPk: pkSchema, reason: z.string().max(60), at: instantSchema }),
  }),
  z.object({
    type: z.literal('PropertyReturned'),
    data: z.object({
      loanPk: pkSchema,
      propertyPk: pkSchema,
      userPk: pkSchema,
      /** The account the rent is paid into, fixed at the return. */
      accountPk: pkSchema,
      at: instantSchema,
      rentCents: centsSchema,
      fromDepositCents: centsSchema,
      releaseCents: centsSchema,
      extraRentCents: centsSchema,
      requestKey: z.string().max(300),
      actorPk: actorSchema,
    }),
  }),
]);
export type EquipmentEvent = z.infer<typeof equipmentEventSchema>;
export type PropertyReturnedData = Extract<EquipmentEvent, { type: 'PropertyReturned' }>['data'];

interface LoanBase {
  loanPk: number;
  propertyPk: number;
  userPk: number;
  activityType: ActivityType;
  dayFeeCents: number;
  depositCents: number;
  at: string;
  expReturnAt: string;
  comment: string;
  requestKey: string;
  /** Who lent it: the deposit's posting names them, on every repeat. */
  actorPk: number | null;
}

/** A loan: holding (the deposit is being posted), out, cancelled (the deposit was refused), returned. */
export type EquipmentLoan =
  | (LoanBase & { status: 'holding' })
  | (LoanBase & { status: 'out' })
  | (LoanBase & { status: 'cancelled'; reason: string })
  | (LoanBase & { status: 'returned'; returned: PropertyReturnedData });

export interface PropertyState extends PropertyFields {
  pk: number;
  /** The loan that has it (holding or out), or null. */
  currentLoanPk: number | null;
  lastLoanPk: number | null;
}

export interface EquipmentState {
  properties: ReadonlyMap<number, PropertyState>;
  loans: ReadonlyMap<number, EquipmentLoan>;
  requests: ReadonlyMap<string, { fingerprint: string; pk: number }>;
  lastPropertyPk: number;
  lastLoanPk: number;
}

export type EquipmentCommand =
  | { type: 'AddProperty'; property: PropertyFields; requestKey: string; actorPk: number | null }
  | {
      type: 'EditProperties';
      edits: readonly { propertyPk: number; property: PropertyFields }[];
      actorPk: number | null;
    }
  | {
      type: 'LendProperty';
      propertyPk: number;
      userPk: number;
      activityType: ActivityType;
      expReturnAt: Date;
      comment: string;
      requestKey: string;
      actorPk: number | null;
    }
  | { type: 'ConfirmDeposit'; loanPk: number; transferKey: string }
  | { type: 'CancelLend'; loanPk: number; reason: string }
  | {
      type: 'ReturnProperty';
      propertyPk: number;
      requestKey: string;
      actorPk: number | null;
      onlyUserPk: number | null;
    };

export type EquipmentReason = 'notfound' | 'out' | 'notout' | 'notborrower' | 'pending' | 'mismatch';

export const initialEquipmentState = (): EquipmentState => ({
  properties: new Map(),
  loans: new Map(),
  requests: new Map(),
  lastPropertyPk: 0,
  lastLoanPk: 0,
});

function decide(
  command: EquipmentCommand,
  state: EquipmentState,
  now: Date,
): EquipmentEvent[] | Rejection<EquipmentReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'AddProperty': {
      const fingerprint = `add:${command.property.name}`;
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      return [
        {
          type: 'PropertyAdded',
          data: {
            propertyPk: state.lastPropertyPk + 1,
            property: command.property,
            requestKey: command.requestKey,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'EditProperties': {
      const missing = command.edits.find((edit) => !state.properties.has(edit.propertyPk));
      if (missing) return reject('notfound', { pk: missing.propertyPk });
      return command.edits.map((edit) => ({
        type: 'PropertyEdited' as const,
        data: { propertyPk: edit.propertyPk, property: edit.property, actorPk: command.actorPk, at },
      }));
    }
    case 'LendProperty': {
      const fingerprint = `lend:${command.propertyPk}:${command.userPk}:${command.activityType}`;
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      const property = state.properties.get(command.propertyPk);
      if (!property) return reject('notfound');
      if (property.currentLoanPk !== null) return reject('out');
      return [
        {
          type: 'PropertyLent',
          data: {
            loanPk: state.lastLoanPk + 1,
            propertyPk: property.pk,
            userPk: command.userPk,
            activityType: command.activityType,
            dayFeeCents: property.dayFeeCents,
            depositCents: depositCents(property.dayFeeCents, command.activityType),
            at,
            expReturnAt: command.expReturnAt.toISOString(),
            comment: command.comment,
            requestKey: command.requestKey,
            fingerprint,
            actorPk: command.actorPk,
          },
        },
      ];
    }
    case 'ConfirmDeposit': {
      const loan = state.loans.get(command.loanPk);
      if (!loan) return reject('notfound');
      if (loan.status !== 'holding') return [];
      return [
        {
          type: 'PropertyDepositHeld',
          data: { loanPk: loan.loanPk, propertyPk: loan.propertyPk, transferKey: command.transferKey },
        },
      ];
    }
    case 'CancelLend': {
      const loan = state.loans.get(command.loanPk);
      if (!loan) return reject('notfound');
      if (loan.status !== 'holding') return [];
      return [
        {
          type: 'PropertyLendCancelled',
          data: { loanPk: loan.loanPk, propertyPk: loan.propertyPk, reason: command.reason, at },
        },
      ];
    }
    case 'ReturnProperty': {
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === `return:${command.propertyPk}` ? [] : reject('mismatch');
      const property = state.properties.get(command.propertyPk);
      if (!property) return reject('notfound');
      const loan = property.currentLoanPk === null ? undefined : state.loans.get(property.currentLoanPk);
      if (!loan) return reject('notout');
      if (loan.status === 'holding') return reject('pending');
      if (loan.status !== 'out') return reject('notout');
      if (command.onlyUserPk !== null && command.onlyUserPk !== loan.userPk) return reject('notborrower');
      const rent = rentCents({
        activityType: loan.activityType,
        dayFeeCents: loan.dayFeeCents,
        lentAt: new Date(loan.at),
        returnedAt: now,
      });
      return [
        {
          type: 'PropertyReturned',
          data: {
            loanPk: loan.loanPk,
            propertyPk: property.pk,
            userPk: loan.userPk,
            accountPk: property.accountPk,
            at,
            rentCents: rent,
            ...settleRent(loan.depositCents, rent),
            requestKey: command.requestKey,
            actorPk: command.actorPk,
          },
        },
      ];
    }
  }
}

function withProperty(state: EquipmentState, pk: number, change: Partial<PropertyState>): EquipmentState {
  const property = state.properties.get(pk);
  if (!property) return state;
  return { ...state, properties: new Map(state.properties).set(pk, { ...property, ...change }) };
}

function evolve(state: EquipmentState, event: EquipmentEvent): EquipmentState {
  switch (event.type) {
    case 'PropertyAdded': {
      const { propertyPk, property, requestKey } = event.data;
      return {
        ...state,
        properties: new Map(state.properties).set(propertyPk, {
          ...property,
          pk: propertyPk,
          currentLoanPk: null,
          lastLoanPk: null,
        }),
        requests: new Map(state.requests).set(requestKey, {
          fingerprint: `add:${property.name}`,
          pk: propertyPk,
        }),
        lastPropertyPk: Math.max(state.lastPropertyPk, propertyPk),
      };
    }
    case 'PropertyEdited':
      return withProperty(state, event.data.propertyPk, event.data.property);
    case 'PropertyLent': {
      const { fingerprint, ...loan } = event.data;
      const status = loan.depositCents > 0 ? ('holding' as const) : ('out' as const);
      const next = withProperty(state, loan.propertyPk, {
        currentLoanPk: loan.loanPk,
        lastLoanPk: loan.loanPk,
      });
      return {
        ...next,
        loans: new Map(state.loans).set(loan.loanPk, { ...loan, status }),
        requests: new Map(state.requests).set(loan.requestKey, { fingerprint, pk: loan.loanPk }),
        lastLoanPk: Math.max(state.lastLoanPk, loan.loanPk),
      };
    }
    case 'PropertyDepositHeld': {
      const loan = state.loans.get(event.data.loanPk);
      if (loan?.status !== 'holding') return state;
      return { ...state, loans: new Map(state.loans).set(loan.loanPk, { ...loan, status: 'out' }) };
    }
    case 'PropertyLendCancelled': {
      const loan = state.loans.get(event.data.loanPk);
      if (loan?.status !== 'holding') return state;
      const next = withProperty(state, loan.propertyPk, { currentLoanPk: null });
      return {
        ...next,
        loans: new Map(state.loans).set(loan.loanPk, {
          ...loan,
          status: 'cancelled',
          reason: event.data.reason,
        }),
      };
    }
    case 'PropertyReturned': {
      const loan = state.loans.get(event.data.loanPk);
      if (!loan) return state;
      const next = withProperty(state, loan.propertyPk, { currentLoanPk: null });
      return {
        ...next,
        loans: new Map(state.loans).set(loan.loanPk, { ...loan, status: 'returned', returned: event.data }),
        requests: new Map(state.requests).set(event.data.requestKey, {
          fingerprint: `return:${loan.propertyPk}`,
          pk: loan.loanPk,
        }),
      };
    }
    default:
      return state;
  }
}

export const equipmentDecider: Decider<EquipmentCommand, EquipmentEvent, EquipmentState, EquipmentReason> = {
  initialState: initialEquipmentState,
  decide,
  evolve,
};

/** Ledger transfer ids of a loan's money: one each, so a settlement repeated posts nothing twice. */
export const equipmentTransferIds = (loanPk: number) => ({
  deposit: `equipment-deposit:${loanPk}`,
  rentFromDeposit: `equipment-rent:${loanPk}`,
  release: `equipment-release:${loanPk}`,
  extraRent: `equipment-extra:${loanPk}`,
});
