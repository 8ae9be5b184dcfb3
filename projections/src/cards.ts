// Club cards read model: which member holds which card id (CardRegistered on the user streams). A
// replaced card's id no longer names anyone.
import type { Projection } from './runner.ts';

export interface CardsModel {
  byCard: Map<string, number>;
  byPk: Map<number, string>;
}

export const cardsProjection: Projection<CardsModel> = {
  handles: new Set(['CardRegistered']),
  initial: () => ({ byCard: new Map(), byPk: new Map() }),
  evolve(model, recorded) {
    const data = recorded.data as { cardid: string; previous: string | null };
    const pk = Number(recorded.stream.replace(/^user-/, ''));
    if (data.previous !== null && model.byCard.get(data.previous) === pk) model.byCard.delete(data.previous);
    const old = model.byPk.get(pk);
    if (old !== undefined && model.byCard.get(old) === pk) model.byCard.delete(old);
    model.byCard.set(data.cardid, pk);
    model.byPk.set(pk, data.cardid);
    return model;
  },
};
