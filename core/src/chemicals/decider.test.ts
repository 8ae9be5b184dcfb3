import { describe, expect, it } from 'vitest';
import { fold, isRejection } from '../decider.ts';
import { chemicalDecider } from './decider.ts';
import type { ChemicalEvent } from './events.ts';
import { parseBottleCount } from './rules.ts';

const now = new Date('2026-11-23T08:00:00Z');
const fixer = { pk: 3, name: 'Rapid Fixer', bottle2ml: 1000, needRecycle: true, replenishBelowMl: 1500 };
const given = (...events: ChemicalEvent[]) => fold(chemicalDecider, events);
const defined: ChemicalEvent[] = [
  { type: 'ChemicalDefined', data: fixer },
  {
    type: 'ChemicalOperationRecorded',
    data: {
      pk: 3,
      operation: 3,
      diffvolume: 2000,
      recyclevolume: 0,
      newvolume: 2000,
      comment: '',
      userPk: 1,
    },
  },
];

describe('chemical decider', () => {
  it('given a chemical, when used, then the volume drops and a needRecycle chemical counts it for recycling', () => {
    const events = chemicalDecider.decide(
      { type: 'UseChemical', pk: 3, volumeMl: 200, userPk: 2, comment: '', dispenseId: 'd1/0' },
      given(...defined),
      now,
    );
    expect(events).toEqual([
      {
        type: 'ChemicalOperationRecorded',
        data: {
          pk: 3,
          operation: 1,
          diffvolume: -200,
          recyclevolume: 200,
          newvolume: 1800,
          comment: '',
          userPk: 2,
          dispenseId: 'd1/0',
        },
      },
    ]);
    const after = given(...defined, ...(events as ChemicalEvent[]));
    expect(after.status === 'defined' && after.accurecyclevolume).toBe(200);
    // The same dispenser ingredient reported again records nothing.
    expect(
      chemicalDecider.decide(
        { type: 'UseChemical', pk: 3, volumeMl: 200, userPk: 2, comment: '', dispenseId: 'd1/0' },
        after,
        now,
      ),
    ).toEqual([]);
  });

  it('replenish adds bottles, adjust sets the bottle count; the stock never goes below zero', () => {
    const state = given(...defined);
    const replenish = chemicalDecider.decide(
      { type: 'ReplenishChemical', pk: 3, bottles: 1.5, userPk: 1, comment: 'bought' },
      state,
      now,
    );
    expect(
      !isRejection(replenish) && replenish[0]?.type === 'ChemicalOperationRecorded' && replenish[0].data,
    ).toMatchObject({
      operation: 2,
      diffvolume: 1500,
      newvolume: 3500,
    });
    const adjust = chemicalDecider.decide(
      { type: 'AdjustChemical', pk: 3, bottles: 0.25, userPk: 1, comment: '' },
      state,
      now,
    );
    expect(
      !isRejection(adjust) && adjust[0]?.type === 'ChemicalOperationRecorded' && adjust[0].data,
    ).toMatchObject({
      operation: 3,
      diffvolume: -1750,
      newvolume: 250,
    });
    expect(
      chemicalDecider.decide(
        { type: 'AdjustChemical', pk: 3, bottles: -1, userPk: 1, comment: '' },
        state,
        now,
      ),
    ).toEqual({
      rejected: 'format',
    });
    expect(
      chemicalDecider.decide(
        { type: 'UseChemical', pk: 9, volumeMl: 1, userPk: 1, comment: '' },
        given(),
        now,
      ),
    ).toEqual({
      rejected: 'notfound',
    });
  });

  it('reads the new bottle count as a signed float only', () => {
    expect(parseBottleCount('2.5')).toBe(2.5);
    expect(parseBottleCount('+1')).toBe(1);
    expect(parseBottleCount('-0.5')).toBe(-0.5);
    expect(parseBottleCount('')).toBeNull();
    expect(parseBottleCount('1e3')).toBeNull();
    expect(parseBottleCount('two')).toBeNull();
  });
});
