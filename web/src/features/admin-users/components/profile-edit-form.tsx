import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, TextInput } from '@mantine/core';
import { useState } from 'react';
import { toast } from '../../../shared/ui/toast';
import { type ProfileEdits, type UserProfile, useModifyProfile } from '../api/user-detail';
import { profileMessage } from '../lib/profile-messages';

const EDITABLE = [
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
type Field = (typeof EDITABLE)[number];

/**
 * Staff edit a user's profile fields. Only the fields that differ are sent; the server checks them with
 * the registration rules and records each change in the user change log.
 */
export function ProfileEditForm({ profile }: { profile: UserProfile }) {
  const { t, i18n } = useLingui();
  const initial = Object.fromEntries(EDITABLE.map((field) => [field, profile[field]])) as Record<
    Field,
    string
  >;
  const [values, setValues] = useState(initial);
  const modify = useModifyProfile(profile.pk);
  const changed = EDITABLE.filter((field) => values[field] !== initial[field]);
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));
  const text = (field: Field, label: string, type = 'text') => (
    <TextInput
      label={label}
      type={type}
      value={values[field]}
      onChange={(event) => set(field)(event.currentTarget.value)}
      autoComplete="off"
    />
  );

  const save = async () => {
    const edits: ProfileEdits = Object.fromEntries(changed.map((field) => [field, values[field]]));
    try {
      const reply = await modify.mutateAsync(edits);
      if (reply.status !== 'ok') {
        toast.danger(i18n._(profileMessage(reply.reason)));
        return;
      }
      setValues(
        Object.fromEntries(EDITABLE.map((field) => [field, reply.user[field]])) as Record<Field, string>,
      );
      toast.success(t`已儲存`);
    } catch {
      toast.danger(t`儲存失敗，請重試`);
    }
  };

  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {text('name', t`姓名`)}
        <Select
          label={t`性別`}
          value={values.sex}
          onChange={(value) => set('sex')(value ?? '')}
          data={[
            { value: '1', label: t`男` },
            { value: '2', label: t`女` },
          ]}
          allowDeselect={false}
        />
        {text('school', t`學校`)}
        {text('department', t`系所`)}
        {text('stuid', t`學號`)}
        {text('grade', t`年級`)}
        {text('email', t`電子郵件`, 'email')}
        {text('mobile', t`手機`, 'tel')}
        {text('facebook', t`Facebook`)}
      </SimpleGrid>
      <Group mt="md">
        <Button type="submit" size="md" disabled={changed.length === 0} loading={modify.isPending}>
          <Trans>儲存修改</Trans>
        </Button>
        {changed.length > 0 && (
          <Button variant="subtle" onClick={() => setValues(initial)}>
            <Trans>還原</Trans>
          </Button>
        )}
      </Group>
    </form>
  );
}
