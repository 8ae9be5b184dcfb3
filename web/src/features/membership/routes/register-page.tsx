import { type Identity, validateRegistration } from '@club/core/accounts/registration-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Paper, Stack, Text, Title } from '@mantine/core';
import { useReducer, useRef, useState } from 'react';
import { activateLocale } from '../../../i18n/i18n';
import { isAppLocale } from '../../../i18n/locale';
import { toast } from '../../../shared/ui/toast';
import { useRegister } from '../api/register';
import { DataStep } from '../components/data-step';
import { FacebookHelpStep } from '../components/facebook-help-step';
import { IdentityStep } from '../components/identity-step';
import { registrationMessage } from '../components/registration-messages';
import { RulesStep } from '../components/rules-step';
import { SuccessStep } from '../components/success-step';
import { initialWizardState, type RegistrationForm, wizardReducer } from '../lib/wizard';

/** The server's refusals for a value another account already has, by the field that holds it. */
const takenFields: Partial<Record<string, keyof RegistrationForm>> = {
  duplicated_mobile: 'mobile',
  duplicated_stuid: 'stuid',
  duplicated_email: 'email',
};

/** The membership application wizard (spec doc 1, sections 2, 4 and 5). */
export default function RegisterPage() {
  const { i18n } = useLingui();
  const [state, dispatch] = useReducer(wizardReducer, undefined, initialWizardState);
  const registerMutation = useRegister();
  // The language before the wizard switched it for an identity; cancel goes back to it.
  const localeBeforeWizard = useRef(i18n.locale);
  // A value the server found already taken is marked under its field until the person changes it.
  const [serverProblem, setServerProblem] = useState<{
    field: keyof RegistrationForm;
    reason: string;
  } | null>(null);

  const chooseIdentity = (identity: Identity) => {
    // Foreign students get the wizard in English; everyone else in Traditional Chinese.
    void activateLocale(identity === 5 ? 'en' : 'zh-Hant');
    dispatch({ type: 'chooseIdentity', identity });
  };

  const continueToForm = () => {
    if (!state.ruleagree) {
      toast.danger(i18n._(registrationMessage('rule_not_agreed')));
      return;
    }
    dispatch({ type: 'continueToForm' });
  };

  const submit = async () => {
    if (state.identity === null || registerMutation.isPending) return;
    const checked = validateRegistration({
      identity: state.identity,
      ...state.form,
      ruleagree: state.ruleagree,
    });
    if (!checked.ok) {
      toast.danger(i18n._(registrationMessage(checked.reason)));
      return;
    }
    try {
      const response = await registerMutation.mutateAsync({
        ...checked.value,
        password2: state.form.password2,
        ruleagree: state.ruleagree,
      });
      if (response.status === 'ok') dispatch({ type: 'succeeded', membersGroup: response.fbgroup });
      else if (response.reason in takenFields)
        setServerProblem({ field: takenFields[response.reason]!, reason: response.reason });
      else toast.danger(i18n._(registrationMessage(response.reason)));
    } catch (error) {
      console.error('registration failed', error);
      toast.danger(i18n._(registrationMessage('unknown')));
    }
  };

  const cancel = () => {
    if (isAppLocale(localeBeforeWizard.current)) void activateLocale(localeBeforeWizard.current);
    dispatch({ type: 'cancel' });
  };

  return (
    <Stack>
      <Title order={2}>
        <Trans>申請入社</Trans>
      </Title>
      {state.step === 0 && (
        <Text c="dimmed" size="sm">
          <Trans>填寫申請後，繳交社費即成為社員。</Trans>
        </Text>
      )}
      <Paper withBorder p="md" radius="md">
        {state.step === 0 && <IdentityStep onChoose={chooseIdentity} />}
        {state.step === 1 && (
          <RulesStep
            identity={state.identity}
            agreed={state.ruleagree}
            onAgreementChange={(agreed) => dispatch({ type: 'setAgreement', agreed })}
            onNext={continueToForm}
            onCancel={cancel}
          />
        )}
        {state.step === 2 && state.identity !== null && (
          <DataStep
            identity={state.identity}
            form={state.form}
            submitting={registerMutation.isPending}
            onEdit={(field, value) => {
              if (serverProblem?.field === field) setServerProblem(null);
              dispatch({ type: 'edit', field, value });
            }}
            serverProblem={serverProblem}
            onSubmit={submit}
            onHelp={() => dispatch({ type: 'showHelp' })}
            onBack={() => dispatch({ type: 'backToRules' })}
            onCancel={cancel}
          />
        )}
        {state.step === 9 && <FacebookHelpStep onBack={() => dispatch({ type: 'closeHelp' })} />}
        {state.step === 3 && (
          <SuccessStep membersGroup={state.membersGroup} awaitingReview={state.identity === 3} />
        )}
      </Paper>
    </Stack>
  );
}
