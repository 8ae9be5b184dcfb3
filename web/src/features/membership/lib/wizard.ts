import type { Identity } from '@club/core/accounts/registration-rules';

// The membership application wizard as a pure state machine (spec doc 1, section 4):
// step 0 choose identity -> 1 rules and agreement -> 2 personal data -> 3 success; step 9 is the help
// page on finding the social-profile address and returns to step 2. Cancel resets everything;
// agreement is reset on entering step 1; on success the form is cleared but the identity kept.

export type WizardStep = 0 | 1 | 2 | 3 | 9;

export interface RegistrationForm {
  name: string;
  /** '1' male, '2' female, '' not chosen. */
  sex: '' | '1' | '2';
  school: string;
  department: string;
  stuid: string;
  grade: string;
  facebook: string;
  email: string;
  mobile: string;
  password: string;
  password2: string;
}

/** The members' group of the semester, returned by a successful application. */
export interface MembersGroup {
  link: string;
  semester: string;
}

export interface WizardState {
  step: WizardStep;
  identity: Identity | null;
  ruleagree: boolean;
  form: RegistrationForm;
  membersGroup: MembersGroup | null;
}

export type WizardAction =
  | { type: 'chooseIdentity'; identity: Identity }
  | { type: 'setAgreement'; agreed: boolean }
  | { type: 'continueToForm' }
  | { type: 'backToRules' }
  | { type: 'showHelp' }
  | { type: 'closeHelp' }
  | { type: 'edit'; field: keyof RegistrationForm; value: string }
  | { type: 'succeeded'; membersGroup: MembersGroup }
  | { type: 'cancel' };

export const emptyForm = (): RegistrationForm => ({
  name: '',
  sex: '',
  school: '',
  department: '',
  stuid: '',
  grade: '',
  facebook: '',
  email: '',
  mobile: '',
  password: '',
  password2: '',
});

export const initialWizardState = (): WizardState => ({
  step: 0,
  identity: null,
  ruleagree: false,
  form: emptyForm(),
  membersGroup: null,
});

/** Identity 4 (graduated or other) may read the notice but cannot apply online. */
export const canApply = (identity: Identity | null): boolean => identity !== null && identity !== 4;

const enterRules = (state: WizardState): WizardState => ({ ...state, step: 1, ruleagree: false });

export function wizardReducer(state: WizardState, action: WizardAction): WizardState {
  switch (action.type) {
    case 'chooseIdentity':
      return enterRules({ ...state, identity: action.identity });
    case 'setAgreement':
      return state.step === 1 ? { ...state, ruleagree: action.agreed } : state;
    case 'continueToForm':
      return state.step === 1 && state.ruleagree && canApply(state.identity) ? { ...state, step: 2 } : state;
    case 'backToRules':
      return state.step === 2 ? enterRules(state) : state;
    case 'showHelp':
      return state.step === 2 ? { ...state, step: 9 } : state;
    case 'closeHelp':
      return state.step === 9 ? { ...state, step: 2 } : state;
    case 'edit': {
      const value =
        action.field === 'sex' && action.value !== '1' && action.value !== '2' ? '' : action.value;
      return { ...state, form: { ...state.form, [action.field]: value } };
    }
    case 'succeeded':
      return { ...state, step: 3, form: emptyForm(), ruleagree: false, membersGroup: action.membersGroup };
    case 'cancel':
      return initialWizardState();
    default: {
      const unhandled: never = action;
      throw new Error(`Unhandled wizard action ${JSON.stringify(unhandled)}`);
    }
  }
}
