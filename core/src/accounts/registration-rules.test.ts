import { describe, expect, it } from 'vitest';
import { normalizeFacebook, validateRegistration } from './registration-rules.ts';

describe('normalizeFacebook', () => {
  it.each([
    ['', ''],
    ['https://www.facebook.com/profile.php?id=100012345', 'https://www.facebook.com/100012345'],
    ['m.facebook.com/profile.php?id=42&ref=bookmarks', 'https://www.facebook.com/42'],
    ['https://www.facebook.com/share/1AbCdEf/', 'https://www.facebook.com/share/1AbCdEf'],
    ['https://www.facebook.com/ming.wang.77?ref=xyz', 'https://www.facebook.com/ming.wang.77'],
    ['  facebook.com/groups/club/user/ming.wang  ', 'https://www.facebook.com/ming.wang'],
    ['fb.com/ming', 'https://www.facebook.com/ming'],
  ])('normalises %j to %j', (input, expected) => {
    expect(normalizeFacebook(input)).toBe(expected);
  });

  it.each([
    ['https://example.com/ming'],
    ['https://www.facebook.com/'],
    ['https://www.facebook.com/profile.php'],
    ['not a url at all'],
  ])('refuses %j', (input) => {
    expect(normalizeFacebook(input)).toBeNull();
  });
});

describe('validateRegistration', () => {
  const valid = {
    identity: 1 as const,
    name: ' 王小明 ',
    sex: '2',
    stuid: 'r09a21b03',
    email: ' a@b.co ',
    mobile: ' 0912345678 ',
    password: 'secret1',
    password2: 'secret1',
    ruleagree: true,
  };

  it('trims, upper-cases the student ID and keeps the password as typed', () => {
    const result = validateRegistration(valid);
    expect(result).toEqual({
      ok: true,
      value: expect.objectContaining({
        name: '王小明',
        stuid: 'R09A21B03',
        email: 'a@b.co',
        mobile: '0912345678',
        password: 'secret1',
      }),
    });
  });

  it('lets foreigners leave the mobile empty or give an international number', () => {
    expect(validateRegistration({ ...valid, identity: 5, mobile: '' }).ok).toBe(true);
    expect(validateRegistration({ ...valid, identity: 5, mobile: '+819012345678' }).ok).toBe(true);
    expect(validateRegistration({ ...valid, identity: 5, mobile: 'call me' })).toEqual({
      ok: false,
      reason: 'mobile_format',
    });
  });

  it('does not check the student ID pattern for other-school students', () => {
    expect(
      validateRegistration({
        ...valid,
        identity: 3,
        stuid: '110000001',
        school: '政大',
        department: '新聞',
        grade: '大一',
      }).ok,
    ).toBe(true);
  });
});
