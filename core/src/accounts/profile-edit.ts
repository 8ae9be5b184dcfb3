// Staff edits of a user's profile fields (AdminUserDetail, document 3): the same rules as the membership
// application (registration-rules.ts) applied to the fields that change, so an edit can never store what
// registration would refuse. Pure: the current profile and the identity arrive as arguments.
import { type Identity, normalizeFacebook, PATTERNS, type RegistrationReason } from './registration-rules.ts';

/** The profile fields staff may edit; each change is one row of the user change log. */
export const EDITABLE_PROFILE_FIELDS = [
  'name',
  'sex',
  'school',
  'department',
  'stuid',
  'grade',
  'facebook',
  'email',
  'mobile',
] as const;
export type ProfileField = (typeof EDITABLE_PROFILE_FIELDS)[number];
export type ProfileFields = Record<ProfileField, string>;

export type ProfileEditReason = Extract<
  RegistrationReason,
  | 'name_required'
  | 'sex_required'
  | 'stuid_format'
  | 'school_required'
  | 'mobile_format'
  | 'email_format'
  | 'facebook_format'
>;

/** One field's change: the user change log's fieldname, valueold and valuenew. */
export interface FieldChange {
  fieldname: ProfileField;
  valueold: string;
  valuenew: string;
}

/** Trims and normalises one field as registration stores it (student IDs upper case, profile links). */
function normalise(field: ProfileField, raw: string): string | null {
  const value = raw.trim();
  if (field === 'stuid') return value.toUpperCase();
  if (field === 'facebook') return normalizeFacebook(value);
  return value;
}

/**
 * The changes `edits` make to `current`, normalised, or the first rule they break. Fields that do not
 * change are left out; an edit that changes nothing answers an empty list. The identity-3 rule (school,
 * department, student ID and grade all given) is checked when any of those four changes.
 */
export function validateProfileEdit(
  identity: Exclude<Identity, 4>,
  current: ProfileFields,
  edits: Partial<ProfileFields>,
): { ok: true; changes: FieldChange[] } | { ok: false; reason: ProfileEditReason } {
  const next: ProfileFields = { ...current };
  const changes: FieldChange[] = [];
  for (const field of EDITABLE_PROFILE_FIELDS) {
    const raw = edits[field];
    if (raw === undefined) continue;
    const value = normalise(field, raw);
    if (value === null) return { ok: false, reason: 'facebook_format' };
    if (value === current[field]) continue;
    next[field] = value;
    changes.push({ fieldname: field, valueold: current[field], valuenew: value });
  }
  const changed = new Set(changes.map((change) => change.fieldname));
  const fail = (reason: ProfileEditReason) => ({ ok: false as const, reason });
  if (changed.has('name') && next.name === '') return fail('name_required');
  if (changed.has('sex') && next.sex !== '1' && next.sex !== '2') return fail('sex_required');
  if (changed.has('stuid') && identity === 1 && !PATTERNS.stuid.test(next.stuid)) return fail('stuid_format');
  const schoolFields: ProfileField[] = ['school', 'department', 'stuid', 'grade'];
  if (
    identity === 3 &&
    schoolFields.some((field) => changed.has(field)) &&
    schoolFields.some((field) => next[field] === '')
  )
    return fail('school_required');
  if (changed.has('mobile')) {
    const valid =
      identity === 5
        ? next.mobile === '' || PATTERNS.internationalMobile.test(next.mobile)
        : PATTERNS.mobile.test(next.mobile);
    if (!valid) return fail('mobile_format');
  }
  if (changed.has('email') && !PATTERNS.email.test(next.email)) return fail('email_format');
  return { ok: true, changes };
}
