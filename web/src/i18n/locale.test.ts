import { describe, expect, it } from 'vitest';
import { localeFromBrowser, localeFromSetting, resolveLocale, settingFromLocale } from './locale';

describe('interface language', () => {
  it("maps the user's setting: 'tw' Chinese, 'en' English, '' follows the browser", () => {
    expect(localeFromSetting('tw')).toBe('zh-Hant');
    expect(localeFromSetting('en')).toBe('en');
    expect(localeFromSetting('')).toBeNull();
    expect(settingFromLocale('zh-Hant')).toBe('tw');
    expect(settingFromLocale('en')).toBe('en');
  });

  it('is Traditional Chinese unless the browser prefers English over any Chinese', () => {
    expect(localeFromBrowser(['zh-TW', 'en-US'])).toBe('zh-Hant');
    expect(localeFromBrowser(['en-GB', 'zh-TW'])).toBe('en');
    expect(localeFromBrowser(['ja', 'en'])).toBe('en');
    expect(localeFromBrowser(['fr', 'de'])).toBe('zh-Hant');
    expect(localeFromBrowser([])).toBe('zh-Hant');
  });

  it("prefers the user's setting, then a stored choice, then the browser", () => {
    expect(resolveLocale({ setting: 'tw', stored: 'en', browserLanguages: ['en'] })).toBe('zh-Hant');
    expect(resolveLocale({ setting: '', stored: 'en', browserLanguages: ['zh-TW'] })).toBe('en');
    expect(resolveLocale({ setting: undefined, stored: 'xx', browserLanguages: ['en-US'] })).toBe('en');
    expect(resolveLocale({ setting: undefined, stored: null, browserLanguages: ['zh-HK'] })).toBe('zh-Hant');
  });
});
