import { GRADE_OPTIONS, type Identity, normalizeFacebook } from '@club/core/accounts/registration-rules';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, NativeSelect, PasswordInput, Radio, Stack, TextInput } from '@mantine/core';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { problemOf, registrationProblems } from '../lib/registration-problems';
import type { RegistrationForm } from '../lib/wizard';
import { registrationMessage } from './registration-messages';

export interface DataStepProps {
  identity: Identity;
  form: RegistrationForm;
  submitting: boolean;
  onEdit: (field: keyof RegistrationForm, value: string) => void;
  onSubmit: () => void;
  onHelp: () => void;
  onBack: () => void;
  onCancel: () => void;
  /** A refusal of the server that belongs to one field (a mobile, student ID or e-mail already used). */
  serverProblem?: { field: keyof RegistrationForm; reason: string } | null;
}

/**
 * Step 2: the personal data form. Which school fields show and which are required depends on identity.
 * Sending it marks every invalid field under the field itself, in the spec's order, and focuses the first;
 * the marks follow the person's corrections from then on.
 */
export function DataStep({
  identity,
  form,
  submitting,
  onEdit,
  onSubmit,
  onHelp,
  onBack,
  onCancel,
  serverProblem = null,
}: DataStepProps) {
  const { t, i18n } = useLingui();
  const otherSchool = identity === 3;
  const foreigner = identity === 5;
  const [tried, setTried] = useState(false);
  const fieldRefs = useRef<Partial<Record<keyof RegistrationForm, HTMLElement | null>>>({});
  const problems = tried ? registrationProblems(identity, form) : [];
  const errorOf = (field: keyof RegistrationForm) => {
    const reason =
      problemOf(problems, field) ?? (serverProblem?.field === field ? serverProblem.reason : undefined);
    return reason === undefined ? undefined : i18n._(registrationMessage(reason));
  };
  const refOf = (field: keyof RegistrationForm) => (element: HTMLElement | null) => {
    fieldRefs.current[field] = element;
  };
  const input = (field: keyof RegistrationForm) => ({
    value: form[field],
    onChange: (event: { currentTarget: { value: string } }) => onEdit(field, event.currentTarget.value),
    error: errorOf(field),
    ref: refOf(field),
  });

  // PasswordInput leaves the invalid state and the error's link off its input; they are set here.
  const passwordInput = (field: 'password' | 'password2') => {
    const id = `register-${field}`;
    const invalid = errorOf(field) !== undefined;
    return {
      ...input(field),
      id,
      'aria-invalid': invalid || undefined,
      'aria-describedby': invalid ? `${id}-error` : undefined,
    };
  };

  // A value the server found taken gets the focus, as a problem found here would.
  const takenField = serverProblem?.field;
  useEffect(() => {
    if (takenField !== undefined) fieldRefs.current[takenField]?.focus();
  }, [takenField]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    const first = registrationProblems(identity, form)[0];
    if (first !== undefined) {
      fieldRefs.current[first.field]?.focus();
      return;
    }
    onSubmit();
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={t`姓名`}
          description={t`須與身分證件（學生證、身分證或護照）上的姓名相同`}
          withAsterisk
          autoComplete="name"
          {...input('name')}
        />
        <Radio.Group
          label={t`性別`}
          withAsterisk
          value={form.sex}
          onChange={(value) => onEdit('sex', value)}
          error={errorOf('sex')}
        >
          <Group mt={4}>
            <Radio value="1" label={t`男`} ref={refOf('sex')} />
            <Radio value="2" label={t`女`} />
          </Group>
        </Radio.Group>
        {otherSchool && <TextInput label={t`學校`} withAsterisk {...input('school')} />}
        <TextInput label={t`系所`} withAsterisk={otherSchool} {...input('department')} />
        <TextInput
          label={t`學號`}
          withAsterisk={!foreigner}
          autoCapitalize="characters"
          value={form.stuid}
          onChange={(event) => onEdit('stuid', event.currentTarget.value.toUpperCase())}
          error={errorOf('stuid')}
          ref={refOf('stuid')}
        />
        <NativeSelect
          label={t`年級`}
          withAsterisk={otherSchool}
          value={form.grade}
          onChange={(event) => onEdit('grade', event.currentTarget.value)}
          error={errorOf('grade')}
          ref={refOf('grade')}
          data={[
            { value: '', label: t`請選擇` },
            ...GRADE_OPTIONS.map((grade) => ({ value: grade, label: grade })),
          ]}
        />
        <TextInput
          label={foreigner ? t`手機（選填）` : t`手機`}
          withAsterisk={!foreigner}
          type="tel"
          inputMode="tel"
          autoComplete="tel"
          placeholder="09xxxxxxxx"
          {...input('mobile')}
        />
        <TextInput label={t`Email`} withAsterisk type="email" autoComplete="email" {...input('email')} />
        <TextInput
          label={t`Facebook 個人檔案網址（選填）`}
          description={
            <Anchor component="button" type="button" size="xs" onClick={onHelp}>
              <Trans>如何找到個人檔案網址？</Trans>
            </Anchor>
          }
          inputMode="url"
          value={form.facebook}
          onChange={(event) => onEdit('facebook', event.currentTarget.value)}
          error={errorOf('facebook')}
          ref={refOf('facebook')}
          onBlur={() => {
            const normalized = normalizeFacebook(form.facebook);
            if (normalized !== null && normalized !== form.facebook) onEdit('facebook', normalized);
          }}
        />
        <PasswordInput
          label={t`密碼`}
          description={t`至少 6 個字元`}
          withAsterisk
          autoComplete="new-password"
          {...passwordInput('password')}
        />
        <PasswordInput
          label={t`再次輸入密碼`}
          withAsterisk
          autoComplete="new-password"
          {...passwordInput('password2')}
        />
        <Group>
          <Button type="submit" loading={submitting}>
            <Trans>送出申請</Trans>
          </Button>
          <Button variant="default" onClick={onBack}>
            <Trans>上一步</Trans>
          </Button>
          <Button variant="subtle" color="gray" onClick={onCancel}>
            <Trans>取消</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
