import { describe, expect, it } from 'vitest';
import { fold } from '../decider.ts';
import type { UserEvent } from './events.ts';
import { validateProfileEdit } from './profile-edit.ts';
import { userDecider } from './user-decider.ts';

const now = new Date('2026-11-22T04:00:00Z');
const current = {
  name: '王小明',
  sex: '1',
  school: '',
  department: '資工系',
  stuid: 'B12345678',
  grade: '大二',
  facebook: '',
  email: 'a@example.com',
  mobile: '0912345678',
};

describe('validateProfileEdit', () => {
  it('lists only the fields that change, trimmed and normalised', () => {
    expect(
      validateProfileEdit(1, current, {
        name: ' 王小明 ',
        stuid: 'r11922001',
        facebook: 'fb.com/some.one',
        grade: '大二',
      }),
    ).toEqual({
      ok: true,
      changes: [
        { fieldname: 'stuid', valueold: 'B12345678', valuenew: 'R11922001' },
        { fieldname: 'facebook', valueold: '', valuenew: 'https://www.facebook.com/some.one' },
      ],
    });
  });

  it.each([
    [1, { name: ' ' }, 'name_required'],
    [1, { sex: '0' }, 'sex_required'],
    [1, { stuid: 'ABC' }, 'stuid_format'],
    [3, { school: '' }, 'school_required'],
    [1, { mobile: '+886912345678' }, 'mobile_format'],
    [1, { email: 'a@b' }, 'email_format'],
    [1, { facebook: 'https://example.com/x' }, 'facebook_format'],
  ] as const)('identity %i, edit %o: refused with %s', (identity, edits, reason) => {
    expect(validateProfileEdit(identity, { ...current, school: '某大學' }, edits)).toEqual({
      ok: false,
      reason,
    });
  });

  it('lets a foreigner give an international mobile number or none, and any student ID', () => {
    expect(validateProfileEdit(5, current, { mobile: '+819012345678', stuid: 'X1' }).ok).toBe(true);
    expect(validateProfileEdit(5, current, { mobile: '' }).ok).toBe(true);
  });

  it('does not hold a rule against a field that is not edited (an old record stays editable)', () => {
    expect(validateProfileEdit(1, { ...current, stuid: 'old-format' }, { name: '王大明' }).ok).toBe(true);
  });
});

describe('user decider: ModifyProfile', () => {
  const registered: UserEvent = {
    type: 'UserRegistered',
    data: {
      ...current,
      sex: '1',
      pk: 101,
      identity: 1,
      passwordHash: 'h',
      valid: true,
      semester: '115-1',
      lang: 'tw',
    },
  };
  const given = (...events: UserEvent[]) => fold(userDecider, events);

  it('given a registered user, when staff change two fields, then one event per field', () => {
    const events = userDecider.decide(
      { type: 'ModifyProfile', execuserPk: 7, edits: { name: '王大明', department: '電機系' } },
      given(registered),
      now,
    );
    expect(events).toEqual([
      {
        type: 'UserProfileChanged',
        data: { execuserPk: 7, fieldname: 'name', valueold: '王小明', valuenew: '王大明' },
      },
      {
        type: 'UserProfileChanged',
        data: { execuserPk: 7, fieldname: 'department', valueold: '資工系', valuenew: '電機系' },
      },
    ]);
  });

  it('given a change already made, when the same edit comes again, then nothing happens', () => {
    const changed: UserEvent = {
      type: 'UserProfileChanged',
      data: { execuserPk: 7, fieldname: 'name', valueold: '王小明', valuenew: '王大明' },
    };
    expect(
      userDecider.decide(
        { type: 'ModifyProfile', execuserPk: 7, edits: { name: '王大明' } },
        given(registered, changed),
        now,
      ),
    ).toEqual([]);
  });

  it('given no user, when staff edit, then it is refused as notfound', () => {
    expect(
      userDecider.decide({ type: 'ModifyProfile', execuserPk: 7, edits: { name: 'x' } }, given(), now),
    ).toEqual({
      rejected: 'notfound',
    });
  });
});
