// NAS accounts read model: who has a network-storage account, under which name, assigned when and by
// whom. Never the password (it stays sealed in the member's stream; core/src/nas).
import type { Projection } from './runner.ts';

export interface NasAccountRow {
  userPk: number;
  nasuser: string;
  assignedAt: string;
  byPk: number | null;
}

export interface NasAccountsModel {
  byUser: Map<number, NasAccountRow>;
}

export const nasAccountsProjection: Projection<NasAccountsModel> = {
  handles: new Set(['NasAccountAssigned', 'NasAccountRemoved']),
  initial: () => ({ byUser: new Map() }),
  evolve(model, recorded) {
    const data = recorded.data as { userPk: number; nasuser?: string; byPk: number | null };
    if (recorded.type === 'NasAccountRemoved') model.byUser.delete(data.userPk);
    else
      model.byUser.set(data.userPk, {
        userPk: data.userPk,
        nasuser: data.nasuser!,
        assignedAt: recorded.metadata.time,
        byPk: data.byPk,
      });
    return model;
  },
};
