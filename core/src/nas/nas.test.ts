import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import { nasDecider } from './decider.ts';
import type { NasEvent } from './events.ts';
import { SecretBox } from './sealing.ts';

const now = new Date('2026-11-23T10:00:00+08:00');
const assigned: NasEvent = {
  type: 'NasAccountAssigned',
  data: { userPk: 5, nasuser: 'photo.member', sealedPassword: 'sealed', byPk: 1 },
};
const decide = (events: NasEvent[], command: Parameters<typeof nasDecider.decide>[0]) =>
  nasDecider.decide(command, fold(nasDecider, events), now);

describe('the NAS account decider', () => {
  it('given nothing, when staff assign a valid name, then the account is assigned; a bad name is refused', () => {
    const command = {
      type: 'Assign',
      userPk: 5,
      nasuser: 'photo.member',
      sealedPassword: 'sealed',
      byPk: 1,
    } as const;
    expect(decide([], command)).toEqual([assigned]);
    expect(decide([], { ...command, nasuser: 'has space' })).toEqual({ rejected: 'format' });
    expect(decide([], { ...command, nasuser: 'x' })).toEqual({ rejected: 'format' });
  });

  it('removes an assigned account, and refuses to remove what is not there', () => {
    expect(decide([assigned], { type: 'Remove', userPk: 5, byPk: 1 })).toEqual([
      { type: 'NasAccountRemoved', data: { userPk: 5, byPk: 1 } },
    ]);
    expect(decide([], { type: 'Remove', userPk: 5, byPk: 1 })).toEqual({ rejected: 'noaccount' });
  });
});

describe('SecretBox', () => {
  it('opens what it sealed, seals the same text differently each time, and opens nothing under another key', () => {
    const box = new SecretBox('key one');
    const first = box.seal('Dark-Room-42');
    const second = box.seal('Dark-Room-42');
    expect(first).not.toBe(second);
    expect(first).not.toContain('Dark-Room-42');
    expect(box.open(first)).toBe('Dark-Room-42');
    expect(new SecretBox('key two').open(first)).toBeNull();
    // An altered value is refused rather than opened wrong.
    const bytes = Buffer.from(first, 'base64');
    bytes[bytes.length - 1]! ^= 1;
    expect(box.open(bytes.toString('base64'))).toBeNull();
  });
});
