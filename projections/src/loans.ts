// The loans read model (docs/loans.md): the library, equipment and shared-paper states folded by their
// deciders' own `evolve` (so the pages see exactly what the next decision will see), plus the rows of
// each paper box's history, which the decider does not keep. Rebuildable from zero like every model.
import {
  type EquipmentEvent,
  type EquipmentState,
  equipmentDecider,
  equipmentEventSchema,
} from '@club/core/loans/equipment';
import {
  type LibraryEvent,
  type LibraryState,
  libraryDecider,
  libraryEventSchema,
} from '@club/core/loans/library';
import { type PaperEvent, type PaperState, paperDecider, paperEventSchema } from '@club/core/loans/paper';
import type { Projection } from './runner.ts';

/** One row of a paper box's history (document 3: Sharing paper lastrow). Weights in milligrams. */
export interface PaperRow {
  pk: number;
  boxPk: number;
  userPk: number | null;
  action: 'borrow' | 'set' | 'fix';
  at: string;
  returnAt: string | null;
  borrowWeightMg: number | null;
  returnWeightMg: number | null;
  borrowSheets: number | null;
  returnSheets: number | null;
  usedSheets: number | null;
  saleId: string | null;
  problem: boolean;
  comment: string;
}

export interface LoansModel {
  library: LibraryState;
  equipment: EquipmentState;
  paper: PaperState;
  paperRows: Map<number, PaperRow>;
  /** Each box's row pks, oldest first. */
  rowsByBox: Map<number, number[]>;
}

const typesOf = (schema: { options: readonly { shape: { type: { value: string } } }[] }) =>
  schema.options.map((option) => option.shape.type.value);
const libraryTypes = new Set(typesOf(libraryEventSchema));
const equipmentTypes = new Set(typesOf(equipmentEventSchema));
const paperTypes = new Set(typesOf(paperEventSchema));

function addRow(model: LoansModel, row: PaperRow): void {
  model.paperRows.set(row.pk, row);
  model.rowsByBox.set(row.boxPk, [...(model.rowsByBox.get(row.boxPk) ?? []), row.pk]);
}

function evolvePaperRows(model: LoansModel, event: PaperEvent): void {
  const blank = {
    returnAt: null,
    borrowWeightMg: null,
    returnWeightMg: null,
    borrowSheets: null,
    returnSheets: null,
    usedSheets: null,
    saleId: null,
    problem: false,
  };
  switch (event.type) {
    case 'PaperBoxSet':
      addRow(model, {
        ...blank,
        pk: event.data.rowPk,
        boxPk: event.data.boxPk,
        userPk: event.data.actorPk,
        action: 'set',
        at: event.data.at,
        borrowWeightMg: event.data.weightMg,
        comment: event.data.comment,
      });
      break;
    case 'PaperBorrowed':
      addRow(model, {
        ...blank,
        pk: event.data.rowPk,
        boxPk: event.data.boxPk,
        userPk: event.data.userPk,
        action: 'borrow',
        at: event.data.at,
        borrowWeightMg: event.data.weightMg,
        borrowSheets: event.data.sheets,
        comment: event.data.comment,
      });
      break;
    case 'PaperReturned': {
      const row = model.paperRows.get(event.data.rowPk);
      if (!row) break;
      model.paperRows.set(row.pk, {
        ...row,
        returnAt: event.data.at,
        returnWeightMg: event.data.weightMg,
        returnSheets: event.data.sheets,
        usedSheets: event.data.usedSheets,
        saleId: event.data.saleId,
        problem: event.data.problem,
        comment: [row.comment, event.data.comment].filter(Boolean).join(' / '),
      });
      break;
    }
    case 'PaperFixed':
      addRow(model, {
        ...blank,
        pk: event.data.rowPk,
        boxPk: event.data.boxPk,
        userPk: event.data.actorPk,
        action: 'fix',
        at: event.data.at,
        comment: event.data.comment,
      });
      break;
    default:
      break;
  }
}

export const loansProjection: Projection<LoansModel> = {
  handles: new Set([...libraryTypes, ...equipmentTypes, ...paperTypes]),
  initial: () => ({
    library: libraryDecider.initialState(),
    equipment: equipmentDecider.initialState(),
    paper: paperDecider.initialState(),
    paperRows: new Map(),
    rowsByBox: new Map(),
  }),
  evolve(model, recorded) {
    const event = { type: recorded.type, data: recorded.data };
    if (libraryTypes.has(event.type))
      model.library = libraryDecider.evolve(model.library, event as LibraryEvent);
    else if (equipmentTypes.has(event.type))
      model.equipment = equipmentDecider.evolve(model.equipment, event as EquipmentEvent);
    else if (paperTypes.has(event.type)) {
      model.paper = paperDecider.evolve(model.paper, event as PaperEvent);
      evolvePaperRows(model, event as PaperEvent);
    }
    return model;
  },
};
