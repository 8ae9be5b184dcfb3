// Shared darkroom paper: one stream `sharingpaper` decides the boxes and their rows. A box is weighed out
// (PaperBorrowed) and back in (PaperReturned); the sheets used are sold through the stock sale with a
// sale id derived from the borrow row, so exactly one sale pays for one borrow and its stock delta is
// linked to the payment (docs/stock.md). Weights are integer milligrams.
import { z } from 'zod';
import { type Decider, type Rejection, reject } from '../decider.ts';
import { instantSchema } from '../ledger/events.ts';
import { sheetsIn } from './rules.ts';

export const PAPER_STREAM = 'sharingpaper';

const pkSchema = z.number().int().positive();
const actorSchema = pkSchema.nullable();
const mgSchema = z.number().int().positive();

export const paperSettingsSchema = z.object({
  boxWeightMg: mgSchema,
  unitWeightMg: mgSchema,
  enabled: z.boolean(),
});
export type PaperSettings = z.infer<typeof paperSettingsSchema>;

export const paperEventSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('PaperBoxAdded'),
    data: z.object({
      boxPk: pkSchema,
      barcode: z.string().min(1).max(64),
      stockPk: pkSchema,
      settings: paperSettingsSchema,
      weightMg: mgSchema,
      requestKey: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PaperBoxSet'),
    data: z.object({
      boxPk: pkSchema,
      rowPk: pkSchema,
      settings: paperSettingsSchema,
      weightMg: mgSchema,
      comment: z.string().max(200),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PaperBorrowed'),
    data: z.object({
      boxPk: pkSchema,
      rowPk: pkSchema,
      userPk: pkSchema,
      weightMg: mgSchema,
      sheets: z.number().int().nonnegative(),
      comment: z.string().max(200),
      requestKey: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PaperReturned'),
    data: z.object({
      boxPk: pkSchema,
      /** The borrow row this return closes. */
      rowPk: pkSchema,
      userPk: pkSchema,
      stockPk: pkSchema,
      weightMg: mgSchema,
      sheets: z.number().int().nonnegative(),
      usedSheets: z.number().int().nonnegative(),
      /** The stock sale paying for the sheets; null when none were used. */
      saleId: z.string().max(100).nullable(),
      problem: z.boolean(),
      comment: z.string().max(200),
      requestKey: z.string().max(300),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
  z.object({
    type: z.literal('PaperFixed'),
    data: z.object({
      boxPk: pkSchema,
      rowPk: pkSchema,
      comment: z.string().max(200),
      actorPk: actorSchema,
      at: instantSchema,
    }),
  }),
]);
export type PaperEvent = z.infer<typeof paperEventSchema>;
export type PaperReturnedData = Extract<PaperEvent, { type: 'PaperReturned' }>['data'];

export interface PaperBoxState extends PaperSettings {
  pk: number;
  barcode: string;
  stockPk: number;
  /** The box's weight at its last weighing. */
  weightMg: number;
  /** The open borrow row, or null. */
  outRowPk: number | null;
  /** A problem reported at a return, not yet fixed. */
  problem: boolean;
  lastRowPk: number | null;
}

export interface PaperState {
  boxes: ReadonlyMap<number, PaperBoxState>;
  byBarcode: ReadonlyMap<string, number>;
  /** Open borrows: row pk → the borrower. */
  open: ReadonlyMap<number, { boxPk: number; userPk: number; weightMg: number; sheets: number }>;
  requests: ReadonlyMap<string, { fingerprint: string; pk: number }>;
  lastBoxPk: number;
  lastRowPk: number;
}

export type PaperCommand =
  | {
      type: 'AddBox';
      barcode: string;
      stockPk: number;
      settings: PaperSettings;
      weightMg: number;
      requestKey: string;
      actorPk: number | null;
    }
  | {
      type: 'SetBox';
      boxPk: number;
      settings: PaperSettings;
      weightMg: number;
      comment: string;
      actorPk: number | null;
    }
  | {
      type: 'BorrowBox';
      boxPk: number;
      userPk: number;
      settings: PaperSettings;
      weightMg: number;
      comment: string;
      requestKey: string;
      actorPk: number | null;
    }
  | {
      type: 'ReturnBox';
      boxPk: number;
      weightMg: number;
      problem: boolean;
      comment: string;
      requestKey: string;
      actorPk: number | null;
      /** A member at the counter may return only the box they took; staff any (null). */
      onlyUserPk: number | null;
    }
  | { type: 'FixBox'; boxPk: number; comment: string; actorPk: number | null };

export type PaperReason =
  | 'notfound'
  | 'out'
  | 'notout'
  | 'disabled'
  | 'noproblem'
  | 'duplicated'
  | 'invalid'
  | 'notborrower'
  | 'mismatch';

export const initialPaperState = (): PaperState => ({
  boxes: new Map(),
  byBarcode: new Map(),
  open: new Map(),
  requests: new Map(),
  lastBoxPk: 0,
  lastRowPk: 0,
});

/** The stock sale that pays for a borrow row's sheets. */
export const paperSaleId = (boxPk: number, rowPk: number): string => `paper-${boxPk}-${rowPk}`;

const sameSettings = (box: PaperBoxState, settings: PaperSettings) =>
  box.boxWeightMg === settings.boxWeightMg &&
  box.unitWeightMg === settings.unitWeightMg &&
  box.enabled === settings.enabled;

function decide(command: PaperCommand, state: PaperState, now: Date): PaperEvent[] | Rejection<PaperReason> {
  const at = now.toISOString();
  switch (command.type) {
    case 'AddBox': {
      const fingerprint = `add:${command.barcode}`;
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      if (state.byBarcode.has(command.barcode.trim().toUpperCase())) return reject('duplicated');
      if (command.weightMg < command.settings.boxWeightMg) return reject('invalid');
      return [
        {
          type: 'PaperBoxAdded',
          data: {
            boxPk: state.lastBoxPk + 1,
            barcode: command.barcode.trim(),
            stockPk: command.stockPk,
            settings: command.settings,
            weightMg: command.weightMg,
            requestKey: command.requestKey,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'SetBox': {
      const box = state.boxes.get(command.boxPk);
      if (!box) return reject('notfound');
      if (box.outRowPk !== null) return reject('out');
      if (command.weightMg < command.settings.boxWeightMg) return reject('invalid');
      if (sameSettings(box, command.settings) && box.weightMg === command.weightMg && command.comment === '')
        return [];
      return [
        {
          type: 'PaperBoxSet',
          data: {
            boxPk: box.pk,
            rowPk: state.lastRowPk + 1,
            settings: command.settings,
            weightMg: command.weightMg,
            comment: command.comment,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'BorrowBox': {
      const fingerprint = `borrow:${command.boxPk}:${command.userPk}:${command.weightMg}`;
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      const box = state.boxes.get(command.boxPk);
      if (!box) return reject('notfound');
      if (box.outRowPk !== null) return reject('out');
      if (!command.settings.enabled) return reject('disabled');
      if (command.weightMg < command.settings.boxWeightMg) return reject('invalid');
      const events: PaperEvent[] = [];
      let lastRowPk = state.lastRowPk;
      // A borrow that also changes the box's settings records the change as its own row first.
      if (!sameSettings(box, command.settings))
        events.push({
          type: 'PaperBoxSet',
          data: {
            boxPk: box.pk,
            rowPk: ++lastRowPk,
            settings: command.settings,
            weightMg: box.weightMg,
            comment: '',
            actorPk: command.actorPk,
            at,
          },
        });
      events.push({
        type: 'PaperBorrowed',
        data: {
          boxPk: box.pk,
          rowPk: ++lastRowPk,
          userPk: command.userPk,
          weightMg: command.weightMg,
          sheets: sheetsIn(command.weightMg, command.settings.boxWeightMg, command.settings.unitWeightMg),
          comment: command.comment,
          requestKey: command.requestKey,
          actorPk: command.actorPk,
          at,
        },
      });
      return events;
    }
    case 'ReturnBox': {
      const fingerprint = `return:${command.boxPk}:${command.weightMg}`;
      const seen = state.requests.get(command.requestKey);
      if (seen) return seen.fingerprint === fingerprint ? [] : reject('mismatch');
      const box = state.boxes.get(command.boxPk);
      if (!box) return reject('notfound');
      const open = box.outRowPk === null ? undefined : state.open.get(box.outRowPk);
      if (!open || box.outRowPk === null) return reject('notout');
      if (command.onlyUserPk !== null && command.onlyUserPk !== open.userPk) return reject('notborrower');
      if (command.weightMg < box.boxWeightMg) return reject('invalid');
      const sheets = sheetsIn(command.weightMg, box.boxWeightMg, box.unitWeightMg);
      const usedSheets = Math.max(0, open.sheets - sheets);
      return [
        {
          type: 'PaperReturned',
          data: {
            boxPk: box.pk,
            rowPk: box.outRowPk,
            userPk: open.userPk,
            stockPk: box.stockPk,
            weightMg: command.weightMg,
            sheets,
            usedSheets,
            saleId: usedSheets > 0 ? paperSaleId(box.pk, box.outRowPk) : null,
            problem: command.problem,
            comment: command.comment,
            requestKey: command.requestKey,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
    case 'FixBox': {
      const box = state.boxes.get(command.boxPk);
      if (!box) return reject('notfound');
      if (!box.problem) return reject('noproblem');
      return [
        {
          type: 'PaperFixed',
          data: {
            boxPk: box.pk,
            rowPk: state.lastRowPk + 1,
            comment: command.comment,
            actorPk: command.actorPk,
            at,
          },
        },
      ];
    }
  }
}

function withBox(state: PaperState, pk: number, change: Partial<PaperBoxState>): PaperState {
  const box = state.boxes.get(pk);
  if (!box) return state;
  return { ...state, boxes: new Map(state.boxes).set(pk, { ...box, ...change }) };
}

function evolve(state: PaperState, event: PaperEvent): PaperState {
  switch (event.type) {
    case 'PaperBoxAdded': {
      const { boxPk, barcode, stockPk, settings, weightMg, requestKey } = event.data;
      return {
        ...state,
        boxes: new Map(state.boxes).set(boxPk, {
          ...settings,
          pk: boxPk,
          barcode,
          stockPk,
          weightMg,
          outRowPk: null,
          problem: false,
          lastRowPk: null,
        }),
        byBarcode: new Map(state.byBarcode).set(barcode.toUpperCase(), boxPk),
        requests: new Map(state.requests).set(requestKey, { fingerprint: `add:${barcode}`, pk: boxPk }),
        lastBoxPk: Math.max(state.lastBoxPk, boxPk),
      };
    }
    case 'PaperBoxSet': {
      const { boxPk, rowPk, settings, weightMg } = event.data;
      return { ...withBox(state, boxPk, { ...settings, weightMg, lastRowPk: rowPk }), lastRowPk: rowPk };
    }
    case 'PaperBorrowed': {
      const { boxPk, rowPk, userPk, weightMg, sheets, requestKey } = event.data;
      const next = withBox(state, boxPk, { outRowPk: rowPk, weightMg, lastRowPk: rowPk });
      return {
        ...next,
        open: new Map(state.open).set(rowPk, { boxPk, userPk, weightMg, sheets }),
        requests: new Map(state.requests).set(requestKey, {
          fingerprint: `borrow:${boxPk}:${userPk}:${weightMg}`,
          pk: rowPk,
        }),
        lastRowPk: rowPk,
      };
    }
    case 'PaperReturned': {
      const { boxPk, rowPk, weightMg, problem, requestKey } = event.data;
      const open = new Map(state.open);
      open.delete(rowPk);
      const next = withBox(state, boxPk, { outRowPk: null, weightMg, problem });
      return {
        ...next,
        open,
        requests: new Map(state.requests).set(requestKey, {
          fingerprint: `return:${boxPk}:${weightMg}`,
          pk: rowPk,
        }),
      };
    }
    case 'PaperFixed': {
      const { boxPk, rowPk } = event.data;
      return { ...withBox(state, boxPk, { problem: false, lastRowPk: rowPk }), lastRowPk: rowPk };
    }
    default:
      return state;
  }
}

export const paperDecider: Decider<PaperCommand, PaperEvent, PaperState, PaperReason> = {
  initialState: initialPaperState,
  decide,
  evolve,
};
