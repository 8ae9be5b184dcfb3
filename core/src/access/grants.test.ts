import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { type GrantEvent, type GrantTarget, grantEventSchema } from './events.ts';
import { type GrantsCommand, grantsByKey, grantsDecider } from './grants.ts';

const now = new Date('2026-11-22T04:00:00.000Z');
const authHolder = ['auth'] as const;
const knownPositionTitles = ['社長', '總務長', '暗房組員', '數位暗房長'];

const givenWhen = (given: GrantEvent[], when: GrantsCommand) =>
  grantsDecider.decide(when, fold(grantsDecider, given), now);

type Add = Extract<GrantsCommand, { type: 'AddGrant' }>;
const add = (overrides: Partial<Add> = {}): GrantsCommand => ({
  type: 'AddGrant',
  key: 'addvalue',
  userPk: 101,
  staffKeyword: null,
  knownPositionTitles,
  actorAuthorities: authHolder,
  ...overrides,
});
const remove = (
  grantPk: number,
  actorAuthorities: GrantsCommand['actorAuthorities'] = authHolder,
): GrantsCommand => ({
  type: 'DeleteGrant',
  grantPk,
  actorAuthorities,
});

const toUser = (userPk: number): GrantTarget => ({ kind: 'user', userPk });
const toKeyword = (keyword: string): GrantTarget => ({ kind: 'keyword', keyword });
const granted = (grantPk: number, key: string, target: GrantTarget) =>
  ({ type: 'AuthorityGranted', data: { grantPk, key, target } }) as GrantEvent;
const revoked = (grantPk: number, key: string, target: GrantTarget) =>
  ({ type: 'AuthorityRevoked', data: { grantPk, key, target } }) as GrantEvent;

describe('authority grants decider', () => {
  describe('AddGrant', () => {
    it('given no grants, when auth grants a user, then AuthorityGranted with grant pk 1', () => {
      const events = givenWhen([], add());
      expect(events).toEqual([granted(1, 'addvalue', toUser(101))]);
      expect(() => grantEventSchema.array().parse(events)).not.toThrow();
    });

    it('given grants 1 and 2, 2 deleted, when another is granted, then it gets pk 3 (pks are never reused)', () => {
      const given = [
        granted(1, 'addvalue', toUser(101)),
        granted(2, 'stock', toUser(101)),
        revoked(2, 'stock', toUser(101)),
      ];
      expect(givenWhen(given, add({ key: 'sql' }))).toEqual([granted(3, 'sql', toUser(101))]);
    });

    it('when a keyword contained in a known position title is granted, then AuthorityGranted (trimmed keyword)', () => {
      expect(givenWhen([], add({ userPk: null, staffKeyword: ' 總務 ' }))).toEqual([
        granted(1, 'addvalue', toKeyword('總務')),
      ]);
      expect(givenWhen([], add({ userPk: null, staffKeyword: '總務長' }))).toEqual([
        granted(1, 'addvalue', toKeyword('總務長')),
      ]);
    });

    it('treats an empty keyword beside a user as absent', () => {
      expect(givenWhen([], add({ staffKeyword: '  ' }))).toEqual([granted(1, 'addvalue', toUser(101))]);
    });

    it('when the actor lacks auth, then forbidden', () => {
      expect(givenWhen([], add({ actorAuthorities: ['system', 'staffset'] }))).toEqual({
        rejected: 'forbidden',
      });
    });

    it('when the key is not an authority, then unknown_key', () => {
      expect(givenWhen([], add({ key: 'root' }))).toEqual({ rejected: 'unknown_key' });
    });

    it('when neither a user nor a keyword is given, then missing', () => {
      expect(givenWhen([], add({ userPk: null, staffKeyword: null }))).toEqual({ rejected: 'missing' });
      expect(givenWhen([], add({ userPk: null, staffKeyword: '   ' }))).toEqual({ rejected: 'missing' });
    });

    it('when both a user and a keyword are given, then ambiguous', () => {
      expect(givenWhen([], add({ staffKeyword: '總務' }))).toEqual({ rejected: 'ambiguous' });
    });

    it('given the same key to the same user, when granted again, then duplicated', () => {
      expect(givenWhen([granted(1, 'addvalue', toUser(101))], add())).toEqual({ rejected: 'duplicated' });
    });

    it('given the same key to the same keyword (after normalising), when granted again, then duplicated', () => {
      const given = [granted(1, 'addvalue', toKeyword('總務'))];
      expect(givenWhen(given, add({ userPk: null, staffKeyword: '總務' }))).toEqual({
        rejected: 'duplicated',
      });
      const latin = [granted(1, 'addvalue', toKeyword('Treasurer'))];
      expect(
        givenWhen(
          latin,
          add({ userPk: null, staffKeyword: 'ｔｒｅａｓｕｒｅｒ', knownPositionTitles: ['Treasurer'] }),
        ),
      ).toEqual({ rejected: 'duplicated' });
    });

    it('given the key to a user, when the same key goes to another user or a keyword, then granted', () => {
      const given = [granted(1, 'addvalue', toUser(101))];
      expect(givenWhen(given, add({ userPk: 102 }))).toEqual([granted(2, 'addvalue', toUser(102))]);
      expect(givenWhen(given, add({ userPk: null, staffKeyword: '總務' }))).toEqual([
        granted(2, 'addvalue', toKeyword('總務')),
      ]);
    });

    it('given a revoked grant, when granted again, then granted with a new pk', () => {
      const given = [granted(1, 'addvalue', toUser(101)), revoked(1, 'addvalue', toUser(101))];
      expect(givenWhen(given, add())).toEqual([granted(2, 'addvalue', toUser(101))]);
    });

    it('when the keyword is contained in no known position title, then positionnotexists', () => {
      expect(givenWhen([], add({ userPk: null, staffKeyword: '公關' }))).toEqual({
        rejected: 'positionnotexists',
      });
      // The keyword must be inside the title, not the other way round.
      expect(givenWhen([], add({ userPk: null, staffKeyword: '社長室' }))).toEqual({
        rejected: 'positionnotexists',
      });
      expect(givenWhen([], add({ userPk: null, staffKeyword: '總務', knownPositionTitles: [] }))).toEqual({
        rejected: 'positionnotexists',
      });
      expect(givenWhen([], add({ userPk: null, staffKeyword: '長'.repeat(41) }))).toEqual({
        rejected: 'positionnotexists',
      });
    });
  });

  describe('DeleteGrant', () => {
    it('given a grant, when auth deletes it by pk, then AuthorityRevoked naming what it was', () => {
      expect(givenWhen([granted(1, 'sql', toKeyword('總務'))], remove(1))).toEqual([
        revoked(1, 'sql', toKeyword('總務')),
      ]);
    });

    it('given no grant with that pk (never made or already deleted), when deleted, then notfound', () => {
      expect(givenWhen([], remove(1))).toEqual({ rejected: 'notfound' });
      const given = [granted(1, 'sql', toUser(101)), revoked(1, 'sql', toUser(101))];
      expect(givenWhen(given, remove(1))).toEqual({ rejected: 'notfound' });
    });

    it('when the actor lacks auth, then forbidden', () => {
      expect(givenWhen([granted(1, 'sql', toUser(101))], remove(1, ['system']))).toEqual({
        rejected: 'forbidden',
      });
    });
  });

  describe('grantsByKey', () => {
    it('groups grants in force by key into users and keywords, with every key present', () => {
      const state = fold(grantsDecider, [
        granted(1, 'sql', toUser(101)),
        granted(2, 'sql', toKeyword('總務')),
        granted(3, 'auth', toUser(102)),
        revoked(3, 'auth', toUser(102)),
      ]);
      const groups = grantsByKey(state);
      expect(groups.sql).toEqual({
        users: [{ grantPk: 1, userPk: 101 }],
        keywords: [{ grantPk: 2, keyword: '總務' }],
      });
      expect(groups.auth).toEqual({ users: [], keywords: [] });
      expect(Object.keys(groups)).toHaveLength(19);
    });
  });
});
