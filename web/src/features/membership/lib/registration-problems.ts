import {
  type Identity,
  normalizeFacebook,
  PATTERNS,
  type RegistrationReason,
} from '@club/core/accounts/registration-rules';
import type { RegistrationForm } from './wizard';

// Every problem of the data step at once, field by field, so the form marks them all inline (issue 8)
// instead of one toast at a time. The checks and their order are those of validateRegistration in
// core (spec doc 1, section 5); registration-problems.test.ts checks that the first problem found here
// is always the reason the core (and so the server) gives.

export interface FieldProblem {
  field: keyof RegistrationForm;
  reason: RegistrationReason;
}

/** The form's problems in the spec's order (the first is the one to focus); empty when it may be sent. */
export function registrationProblems(identity: Identity, form: RegistrationForm): FieldProblem[] {
  const problems: FieldProblem[] = [];
  const add = (field: keyof RegistrationForm, reason: RegistrationReason) => problems.push({ field, reason });
  const stuid = form.stuid.trim().toUpperCase();
  const mobile = form.mobile.trim();
  if (form.name.trim() === '') add('name', 'name_required');
  if (form.sex !== '1' && form.sex !== '2') add('sex', 'sex_required');
  if (identity === 1 && !PATTERNS.stuid.test(stuid)) add('stuid', 'stuid_format');
  if (identity === 3) {
    // One reason for the four school fields; each empty one is marked.
    for (const field of ['school', 'department', 'stuid', 'grade'] as const)
      if (form[field].trim() === '') add(field, 'school_required');
  }
  const mobileValid =
    identity === 5
      ? mobile === '' || PATTERNS.internationalMobile.test(mobile)
      : PATTERNS.mobile.test(mobile);
  if (!mobileValid) add('mobile', 'mobile_format');
  if (!PATTERNS.email.test(form.email.trim())) add('email', 'email_format');
  if (!PATTERNS.password.test(form.password)) add('password', 'password_format');
  if (form.password !== form.password2) add('password2', 'password_differ');
  if (normalizeFacebook(form.facebook) === null) add('facebook', 'facebook_format');
  return problems;
}

/** The problem to show under one field: the first one found for it. */
export const problemOf = (problems: readonly FieldProblem[], field: keyof RegistrationForm) =>
  problems.find((problem) => problem.field === field)?.reason;
