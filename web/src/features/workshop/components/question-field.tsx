import { useLingui } from '@lingui/react/macro';
import { Checkbox, NativeSelect, Textarea, TextInput } from '@mantine/core';
import type { Question } from '@club/core/workshop/questions';
import { kindText, optionText, questionText } from '../lib/messages';

/** One question of the form: its label from the catalogue, its options (wishes: the offered kinds). */
export function QuestionField({
  question,
  value,
  onChange,
  wishOptions,
}: {
  question: Question;
  value: string;
  onChange: (value: string) => void;
  wishOptions?: string[];
}) {
  const { t, i18n } = useLingui();
  const label = i18n._(questionText[question.key] ?? { id: question.key, message: question.key });
  const required = question.required;
  if (question.type === 'checkbox')
    return (
      <Checkbox
        label={label}
        checked={value === 'yes'}
        onChange={(event) => onChange(event.currentTarget.checked ? 'yes' : '')}
      />
    );
  if (question.type === 'textarea')
    return (
      <Textarea
        label={label}
        required={required}
        autosize
        minRows={2}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
      />
    );
  if (question.type === 'select') {
    const options = wishOptions ?? [...(question.options ?? [])];
    const text = (option: string) =>
      i18n._((wishOptions ? kindText[option] : optionText[option]) ?? { id: option, message: option });
    return (
      <NativeSelect
        label={label}
        required={required}
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        data={[
          { value: '', label: t`請選擇` },
          ...options.map((option) => ({ value: option, label: text(option) })),
        ]}
      />
    );
  }
  return (
    <TextInput
      label={label}
      required={required}
      value={value}
      onChange={(event) => onChange(event.currentTarget.value)}
    />
  );
}
