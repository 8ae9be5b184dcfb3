import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, ColorInput, Group, Stack, TextInput } from '@mantine/core';
import { useState } from 'react';
import type { Book, BookFields } from '../api/library';

const EMPTY: BookFields = {
  barcode: '',
  isbn: '',
  title: '',
  author: '',
  publisher: '',
  classification: { name: '', color: '#7f8c8d' },
  allowborrow: true,
};

const fieldsOf = (book: Book | null): BookFields =>
  book
    ? {
        barcode: book.barcode,
        isbn: book.isbn,
        title: book.title,
        author: book.author,
        publisher: book.publisher,
        classification: { ...book.classification },
        allowborrow: book.allowborrow,
      }
    : EMPTY;

/** A book's fields (document 1: Book); the save button shows once something changed. */
export function BookForm({
  book,
  submitLabel,
  onSubmit,
}: {
  book: Book | null;
  submitLabel: string;
  /** Resolves to a refusal's text, or null when saved. */
  onSubmit: (fields: BookFields) => Promise<string | null>;
}) {
  const { t } = useLingui();
  const [fields, setFields] = useState<BookFields>(() => fieldsOf(book));
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  const changed = JSON.stringify(fields) !== JSON.stringify(fieldsOf(book));
  const set = (patch: Partial<BookFields>) => {
    setSaved(false);
    setFields((previous) => ({ ...previous, ...patch }));
  };
  const text = (key: 'barcode' | 'isbn' | 'title' | 'author' | 'publisher', label: string) => (
    <TextInput
      label={label}
      required={key === 'barcode' || key === 'title'}
      value={fields[key] ?? ''}
      onChange={(event) => set({ [key]: event.currentTarget.value })}
    />
  );
  const submit = async () => {
    if (fields.barcode.trim() === '' || fields.title.trim() === '') return setProblem(t`請檢查資料`);
    setProblem(null);
    const refusal = await onSubmit(fields);
    if (refusal === null) {
      setSaved(true);
      if (book === null) setFields(EMPTY);
    } else setProblem(refusal);
  };
  return (
    <Stack maw={520}>
      {text('barcode', t`條碼`)}
      {text('isbn', 'ISBN')}
      {text('title', t`書名`)}
      {text('author', t`作者`)}
      {text('publisher', t`出版社`)}
      <Group grow>
        <TextInput
          label={t`分類`}
          value={fields.classification?.name ?? ''}
          onChange={(event) =>
            set({ classification: { ...fields.classification, name: event.currentTarget.value } })
          }
        />
        <ColorInput
          withEyeDropper={false}
          label={t`分類顏色`}
          value={fields.classification?.color ?? ''}
          onChange={(color) => set({ classification: { ...fields.classification, color } })}
        />
      </Group>
      <Checkbox
        label={t`可外借`}
        checked={fields.allowborrow ?? true}
        onChange={(event) => set({ allowborrow: event.currentTarget.checked })}
      />
      {changed && (
        <Group>
          <Button onClick={() => void submit()}>{submitLabel}</Button>
        </Group>
      )}
      {saved && (
        <Alert color="green" role="status">
          <Trans>已儲存</Trans>
        </Alert>
      )}
      {problem && (
        <Alert color="red" role="alert">
          {problem}
        </Alert>
      )}
    </Stack>
  );
}
