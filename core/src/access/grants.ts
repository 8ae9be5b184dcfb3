// Authority grants (one stream, authority-grants): which authority is given to which user or staff
// position keyword. Managed on the AdminAuth page by holders of the 'auth' authority. One stream for all
// grants keeps grant pks sequential and makes the duplicate check exact under concurrency.
import { assertNever, type Decider, reject } from '../decider.ts';
import { type AuthorityKey, authorityKeys, isAuthorityKey } from './authorities.ts';
import { keywordMatchesPosition, normalizePositionText } from './effective.ts';
import { type GrantEvent, type GrantTarget, POSITION_TITLE_MAX_LENGTH } from './events.ts';

/** Grant: one authority given to one user or to a staff position keyword. */
export interface Grant {
  grantPk: number;
  key: AuthorityKey;
  target: GrantTarget;
}

export interface GrantsState {
  /** The pk the next grant gets; pks are never reused, even after a delete. */
  nextGrantPk: number;
  /** Grants in force, keyed by grant pk, in the order they were made. */
  grants: ReadonlyMap<number, Grant>;
}

export type GrantsCommand =
  | {
      type: 'AddGrant';
      /** As received; anything outside authorityKeys is refused with 'unknown_key'. */
      key: string;
      /** Give either a user or a staff position keyword (null or empty for the other). */
      userPk: number | null;
      staffKeyword: string | null;
      /** Every position title on the current semester's roster and on any other known roster. */
      knownPositionTitles: readonly string[];
      actorAuthorities: readonly AuthorityKey[];
    }
  | { type: 'DeleteGrant'; grantPk: number; actorAuthorities: readonly AuthorityKey[] };

export const grantsReasons = [
  /** The actor lacks the 'auth' authority. */
  'forbidden',
  'unknown_key',
  /** Neither a user nor a position keyword was given. */
  'missing',
  /** Both a user and a position keyword were given: the grant would be ambiguous. */
  'ambiguous',
  /** The same authority is already granted to the same user or keyword ("Duplicated"). */
  'duplicated',
  /** The keyword is contained in no known position title ('no such position'). */
  'positionnotexists',
  /** Deleting a grant pk that is not in force. */
  'notfound',
] as const;
export type GrantsReason = (typeof grantsReasons)[number];

const sameTarget = (a: GrantTarget, b: GrantTarget): boolean =>
  a.kind === 'user'
    ? b.kind === 'user' && a.userPk === b.userPk
    : b.kind === 'keyword' && normalizePositionText(a.keyword) === normalizePositionText(b.keyword);

export const grantsDecider: Decider<GrantsCommand, GrantEvent, GrantsState, GrantsReason> = {
  initialState: () => ({ nextGrantPk: 1, grants: new Map() }),

  decide(command, state) {
    switch (command.type) {
      case 'AddGrant': {
        if (!command.actorAuthorities.includes('auth')) return reject('forbidden');
        if (!isAuthorityKey(command.key)) return reject('unknown_key');
        const key = command.key;
        const keyword = (command.staffKeyword ?? '').trim();
        if (command.userPk === null && keyword === '') return reject('missing');
        if (command.userPk !== null && keyword !== '') return reject('ambiguous');
        const target: GrantTarget =
          command.userPk !== null ? { kind: 'user', userPk: command.userPk } : { kind: 'keyword', keyword };
        for (const grant of state.grants.values()) {
          if (grant.key === key && sameTarget(grant.target, target)) return reject('duplicated');
        }
        if (
          target.kind === 'keyword' &&
          (keyword.length > POSITION_TITLE_MAX_LENGTH ||
            !command.knownPositionTitles.some((title) => keywordMatchesPosition(keyword, title)))
        ) {
          return reject('positionnotexists');
        }
        return [{ type: 'AuthorityGranted', data: { grantPk: state.nextGrantPk, key, target } }];
      }
      case 'DeleteGrant': {
        if (!command.actorAuthorities.includes('auth')) return reject('forbidden');
        const grant = state.grants.get(command.grantPk);
        if (!grant) return reject('notfound');
        return [
          {
            type: 'AuthorityRevoked',
            data: { grantPk: grant.grantPk, key: grant.key, target: grant.target },
          },
        ];
      }
      default:
        return assertNever(command);
    }
  },

  evolve(state, event) {
    switch (event.type) {
      case 'AuthorityGranted': {
        const grants = new Map(state.grants);
        grants.set(event.data.grantPk, { ...event.data });
        return { nextGrantPk: Math.max(state.nextGrantPk, event.data.grantPk + 1), grants };
      }
      case 'AuthorityRevoked': {
        const grants = new Map(state.grants);
        grants.delete(event.data.grantPk);
        return { ...state, grants };
      }
      default:
        return state;
    }
  },
};

/** One key's grants as the AdminAuth page groups them (`authdict`: userlist and keywordlist). */
export interface AuthorityGrantGroup {
  users: { grantPk: number; userPk: number }[];
  keywords: { grantPk: number; keyword: string }[];
}

/** Grants in force grouped by authority key, every key present, in grant order. */
export function grantsByKey(state: GrantsState): Record<AuthorityKey, AuthorityGrantGroup> {
  const groups = {} as Record<AuthorityKey, AuthorityGrantGroup>;
  for (const key of authorityKeys) groups[key] = { users: [], keywords: [] };
  for (const grant of state.grants.values()) {
    const group = groups[grant.key];
    if (grant.target.kind === 'user')
      group.users.push({ grantPk: grant.grantPk, userPk: grant.target.userPk });
    else group.keywords.push({ grantPk: grant.grantPk, keyword: grant.target.keyword });
  }
  return groups;
}
