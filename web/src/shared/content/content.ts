// The information pages' texts (web/content/README.md): markdown per page and language, edited by the
// club without code. Numbers the portal also enforces are placeholders filled from the rules here, so a
// page and its rule never disagree (the door-hours text comes from core/src/door/rules.ts).
import { BOOKING_OPENS_AT, MAX_CHOICES, VERIFY_WITHIN_DAYS } from '@club/core/actplace/rules';
import {
  DOOR_OPENS_AT_MINUTE,
  HOLIDAYS_CLOSES_AT_MINUTE,
  MEMBERS_LEAVE_BEFORE_CLOSING_MINUTES,
  TERM_CLOSES_AT_MINUTE,
} from '@club/core/door/rules';
import { MEMBER_FEE_CENTS } from '@club/core/ledger/money';
import { NAS_QUOTA_GB, NAS_TIDY_DAYS } from '@club/core/nas/rules';
import type { AppLocale } from '../../i18n/locale';
import { clubLinks } from '../config/links';

export const contentPages = ['terms', 'training', 'nas', 'bulkfilmloader', 'actplace'] as const;
export type ContentPage = (typeof contentPages)[number];

const files = import.meta.glob<string>('../../../content/*.md', {
  query: '?raw',
  import: 'default',
  eager: true,
});

const hhmm = (minute: number) =>
  `${String(Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}`;

/** Every placeholder a content file may use, and its value. */
export const placeholders: Readonly<Record<string, string>> = {
  memberFeeNtd: String(MEMBER_FEE_CENTS / 100),
  doorOpens: hhmm(DOOR_OPENS_AT_MINUTE),
  termCloses: hhmm(TERM_CLOSES_AT_MINUTE),
  holidaysCloses: hhmm(HOLIDAYS_CLOSES_AT_MINUTE),
  leaveBeforeMinutes: String(MEMBERS_LEAVE_BEFORE_CLOSING_MINUTES),
  nasQuotaGb: String(NAS_QUOTA_GB),
  nasTidyDays: String(NAS_TIDY_DAYS),
  bulkFilmSheetUrl: clubLinks.bulkFilmSheet,
  actplaceOpensAt: BOOKING_OPENS_AT,
  actplaceChoices: String(MAX_CHOICES),
  actplaceVerifyDays: String(VERIFY_WITHIN_DAYS),
};

/** The placeholders `{{name}}` in a text. */
export const placeholdersIn = (text: string): string[] =>
  [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((match) => match[1]!);

export const fillPlaceholders = (text: string): string =>
  text.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => placeholders[name] ?? whole);

/** The raw file of a page in a language, or undefined when it is missing. */
export const rawContent = (page: ContentPage, locale: AppLocale): string | undefined =>
  files[`../../../content/${page}.${locale}.md`];

/** A page's markdown in `locale` with its placeholders filled; falls back to the source language. */
export function pageContent(page: ContentPage, locale: AppLocale): string {
  const text = rawContent(page, locale) ?? rawContent(page, 'zh-Hant') ?? '';
  return fillPlaceholders(text);
}

/** The JSON content files (the training rows). */
const jsonFiles = import.meta.glob<string>('../../../content/*.json', {
  query: '?raw',
  import: 'default',
  eager: true,
});

export const rawJsonContent = (name: string): string | undefined =>
  jsonFiles[`../../../content/${name}.json`];
