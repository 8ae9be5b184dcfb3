import { type Identity, validateRegistration } from '@club/core/accounts/registration-rules';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { registrationProblems } from './registration-problems';
import { emptyForm, type RegistrationForm } from './wizard';

const valid: RegistrationForm = {
  name: '王小明',
  sex: '1',
  school: '',
  department: '資工系',
  stuid: 'B12345678',
  grade: '大二',
  facebook: '',
  email: 'ming@example.com',
  mobile: '0912345678',
  password: 'darkroom42',
  password2: 'darkroom42',
};

describe('registrationProblems', () => {
  it('marks every invalid field of an empty form, in the spec order', () => {
    const problems = registrationProblems(1, emptyForm());
    expect(problems.map((problem) => problem.field)).toEqual([
      'name',
      'sex',
      'stuid',
      'mobile',
      'email',
      'password',
    ]);
  });

  it('marks each empty school field of an other-school student', () => {
    const problems = registrationProblems(3, { ...valid, school: '', grade: ' ' });
    expect(problems).toEqual([
      { field: 'school', reason: 'school_required' },
      { field: 'grade', reason: 'school_required' },
    ]);
  });

  it('finds nothing in a valid form', () => {
    expect(registrationProblems(1, valid)).toEqual([]);
    expect(registrationProblems(5, { ...valid, mobile: '', stuid: '' })).toEqual([]);
  });

  it('always puts first the reason the server gives (core validateRegistration)', () => {
    const pick = (values: string[]) => fc.constantFrom(...values);
    const form = fc.record({
      name: pick(['', ' ', '王小明']),
      sex: pick(['', '1', '2']) as fc.Arbitrary<RegistrationForm['sex']>,
      school: pick(['', '台大']),
      department: pick(['', '資工系']),
      stuid: pick(['', 'B12345678', 'b1234567x', 'X1']),
      grade: pick(['', '大二']),
      facebook: pick(['', 'facebook.com/ming', 'example.com/x']),
      email: pick(['', 'ming@example.com', 'ming@']),
      mobile: pick(['', '0912345678', '+886912345678', '12']),
      password: pick(['', '12345', 'darkroom42']),
      password2: pick(['', 'darkroom42']),
    });
    const identity = fc.constantFrom<Exclude<Identity, 4>>(1, 3, 5);
    fc.assert(
      fc.property(identity, form, (who, data) => {
        const core = validateRegistration({ identity: who, ...data, ruleagree: true });
        const first = registrationProblems(who, data)[0];
        expect(first?.reason).toBe(core.ok ? undefined : core.reason);
      }),
      { numRuns: 2000 },
    );
  });
});
