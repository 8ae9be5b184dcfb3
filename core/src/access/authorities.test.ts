import { describe, expect, it } from 'vitest';
import {
  authorities,
  authorityKeys,
  authorityList,
  isAuthorityKey,
  sortAuthorityKeys,
} from './authorities.ts';

describe('authorities', () => {
  it('is the closed list of 19 keys, each with titles and descriptions in zh-Hant and en', () => {
    expect(authorities.map((entry) => entry.key)).toEqual([...authorityKeys]);
    expect(new Set(authorityKeys).size).toBe(19);
    for (const entry of authorities) {
      for (const text of [entry.titleZh, entry.titleEn, entry.descriptionZh, entry.descriptionEn]) {
        expect(text.trim()).not.toBe('');
      }
    }
  });

  it('gives the AdminAuth authlist in the chosen language', () => {
    expect(authorityList('en')[0]).toEqual({
      key: 'system',
      title: 'System',
      desc: 'System status button and system menu, temperature and humidity, system warnings.',
    });
    expect(authorityList('tw').find((entry) => entry.key === 'auth')?.title).toBe('權限管理');
  });

  it('recognises keys and sorts them canonically without duplicates', () => {
    expect(isAuthorityKey('groupbuy')).toBe(true);
    expect(isAuthorityKey('root')).toBe(false);
    expect(sortAuthorityKeys(['groupbuy', 'system', 'groupbuy', 'auth'])).toEqual([
      'system',
      'auth',
      'groupbuy',
    ]);
  });
});
