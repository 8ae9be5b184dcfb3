// The membership application rules (spec document 1, section 5), shared by the browser wizard and the
// server so both refuse the same input with the same reason, in the spec's order.

/** 1 university student, 3 other-school student, 4 graduated/other (cannot apply online), 5 foreigner. */
export type Identity = 1 | 3 | 4 | 5;
export const IDENTITIES: readonly Identity[] = [1, 3, 5, 4];

export const GRADE_OPTIONS = [
  '大一',
  '大二',
  '大三',
  '大四',
  '大五以上',
  '碩一',
  '碩二以上',
  '博士班',
] as const;

export const PATTERNS = {
  /** Letter, 2 digits, letter or digit, 2 digits, letter or digit, 2 digits (document 3, section 5). */
  stuid: /^[A-Z]\d{2}[A-Z0-9]\d{2}[A-Z0-9]\d{2}$/,
  /** A Taiwanese mobile number: 10 digits starting 09. */
  mobile: /^09\d{8}$/,
  /** Foreigners may give an international number instead (or none). */
  internationalMobile: /^\+?\d{8,15}$/,
  email: /^[^\s@]+@[^\s@]+\.[^\s@]+$/,
  password: /^.{6,}$/s,
} as const;

export const PASSWORD_MIN_LENGTH = 6;

export type RegistrationReason =
  | 'identity_closed'
  | 'name_required'
  | 'sex_required'
  | 'stuid_format'
  | 'school_required'
  | 'mobile_format'
  | 'email_format'
  | 'password_format'
  | 'password_differ'
  | 'facebook_format'
  | 'rule_not_agreed';

export interface RegistrationInput {
  identity: Identity;
  name?: string | undefined;
  sex?: string | undefined;
  school?: string | undefined;
  department?: string | undefined;
  stuid?: string | undefined;
  grade?: string | undefined;
  facebook?: string | undefined;
  email?: string | undefined;
  mobile?: string | undefined;
  password?: string | undefined;
  password2?: string | undefined;
  ruleagree?: boolean | undefined;
}

/** The application after trimming and normalising: what is stored. */
export interface RegistrationApplication {
  identity: Exclude<Identity, 4>;
  name: string;
  sex: '1' | '2';
  school: string;
  department: string;
  stuid: string;
  grade: string;
  facebook: string;
  email: string;
  mobile: string;
  password: string;
}

/**
 * Normalises a pasted social-profile address to https://www.facebook.com/{id or name} (or /share/{code}):
 * the `id` parameter wins, then a share path, then the last path segment. Returns null when nothing
 * usable is found. An empty input stays empty (the field is optional).
 */
export function normalizeFacebook(raw: string): string | null {
  const text = raw.trim();
  if (text === '') return '';
  let url: URL;
  try {
    url = new URL(/^https?:\/\//i.test(text) ? text : `https://${text}`);
  } catch {
    return null;
  }
  const host = url.hostname.toLowerCase();
  if (!/(^|\.)(facebook\.com|fb\.com|fb\.me)$/.test(host)) return null;
  const segments = url.pathname.split('/').filter((segment) => segment !== '');
  const id = url.searchParams.get('id');
  let path: string | undefined;
  if (id && /^\d+$/.test(id)) path = id;
  else if (segments[0] === 'share' && segments.length >= 2) path = `share/${segments[segments.length - 1]}`;
  else path = segments[segments.length - 1];
  if (!path || !/^(share\/)?[A-Za-z0-9._-]+$/.test(path) || path.toLowerCase().includes('profile'))
    return null;
  return `https://www.facebook.com/${path}`;
}

const trimmed = (value: string | undefined): string => (value ?? '').trim();

export function validateRegistration(
  input: RegistrationInput,
): { ok: true; value: RegistrationApplication } | { ok: false; reason: RegistrationReason } {
  const fail = (reason: RegistrationReason) => ({ ok: false as const, reason });
  if (input.identity === 4) return fail('identity_closed');
  const identity = input.identity;
  const name = trimmed(input.name);
  const sex = trimmed(input.sex);
  const school = trimmed(input.school);
  const department = trimmed(input.department);
  const stuid = trimmed(input.stuid).toUpperCase();
  const grade = trimmed(input.grade);
  const email = trimmed(input.email);
  const mobile = trimmed(input.mobile);
  const password = input.password ?? '';
  const password2 = input.password2 ?? '';

  if (name === '') return fail('name_required');
  if (sex !== '1' && sex !== '2') return fail('sex_required');
  if (identity === 1 && !PATTERNS.stuid.test(stuid)) return fail('stuid_format');
  if (identity === 3 && (school === '' || department === '' || stuid === '' || grade === '')) {
    return fail('school_required');
  }
  if (identity === 5) {
    if (mobile !== '' && !PATTERNS.internationalMobile.test(mobile)) return fail('mobile_format');
  } else if (!PATTERNS.mobile.test(mobile)) {
    return fail('mobile_format');
  }
  if (!PATTERNS.email.test(email)) return fail('email_format');
  if (!PATTERNS.password.test(password)) return fail('password_format');
  if (password !== password2) return fail('password_differ');
  const facebook = normalizeFacebook(input.facebook ?? '');
  if (facebook === null) return fail('facebook_format');
  if (input.ruleagree !== true) return fail('rule_not_agreed');
  return {
    ok: true,
    value: { identity, name, sex, school, department, stuid, grade, facebook, email, mobile, password },
  };
}
