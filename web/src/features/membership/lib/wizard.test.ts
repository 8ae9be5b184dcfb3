import { describe, expect, it } from 'vitest';
import { emptyForm, initialWizardState, type WizardAction, type WizardState, wizardReducer } from './wizard';

const run = (actions: WizardAction[], from: WizardState = initialWizardState()) =>
  actions.reduce(wizardReducer, from);

describe('registration wizard', () => {
  it('goes from identity to rules to the form once the rules are agreed', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 1 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
    ]);
    expect(state.step).toBe(2);
    expect(state.identity).toBe(1);
  });

  it('does not continue without agreement', () => {
    const state = run([{ type: 'chooseIdentity', identity: 1 }, { type: 'continueToForm' }]);
    expect(state.step).toBe(1);
  });

  it('never lets identity 4 past the notice', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 4 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
    ]);
    expect(state.step).toBe(1);
  });

  it('resets the agreement on entering step 1', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 3 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
      { type: 'backToRules' },
    ]);
    expect(state.step).toBe(1);
    expect(state.ruleagree).toBe(false);
  });

  it('goes to the help page from the form and back to the form, keeping what was typed', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 1 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
      { type: 'edit', field: 'name', value: '王小明' },
      { type: 'showHelp' },
    ]);
    expect(state.step).toBe(9);
    const back = wizardReducer(state, { type: 'closeHelp' });
    expect(back.step).toBe(2);
    expect(back.form.name).toBe('王小明');
  });

  it('clears the form but keeps the identity on success', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 5 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
      { type: 'edit', field: 'email', value: 'a@b.co' },
      { type: 'succeeded', membersGroup: { link: 'https://example.org/g', semester: '115-1' } },
    ]);
    expect(state.step).toBe(3);
    expect(state.identity).toBe(5);
    expect(state.form).toEqual(emptyForm());
    expect(state.membersGroup?.semester).toBe('115-1');
  });

  it('resets everything on cancel', () => {
    const state = run([
      { type: 'chooseIdentity', identity: 1 },
      { type: 'setAgreement', agreed: true },
      { type: 'continueToForm' },
      { type: 'edit', field: 'name', value: 'x' },
      { type: 'cancel' },
    ]);
    expect(state).toEqual(initialWizardState());
  });
});
