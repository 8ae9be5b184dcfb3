import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Stack, Tabs, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { SearchPicker } from '../../../shared/search-picker/search-picker';
import { bookKind, type BookEntry } from '../../../shared/search-picker/kinds';
import { useSearchList } from '../../../shared/search-picker/api';
import { PageLoader } from '../../../shared/ui/page-loader';
import { type BookFields, createBook, editBook, invalidateLibrary, useBook } from '../api/library';
import { BookForm } from '../components/book-form';
import { BookImport } from '../components/book-import';
import { useLoanMessages } from '../components/loan-messages';

/**
 * Staff manage the library (issue 15; document 3: manage library, no path shown): add a book, edit one
 * picked with the search picker (book kind), import a catalogue from CSV.
 */
export default function AdminLibraryBooksPage() {
  const { t } = useLingui();
  const queryClient = useQueryClient();
  const message = useLoanMessages();
  const books = useSearchList('book');
  const [picked, setPicked] = useState<BookEntry | null>(null);
  const book = useBook(picked ? String(picked.pk) : null);
  const refusal = (answer: { status: string; reason?: string; fields?: string[] }) =>
    answer.status === 'ok' ? null : message(answer.reason);
  const add = async (fields: BookFields) => {
    const answer = await createBook({ ...fields, requestId: crypto.randomUUID() }).catch(() => null);
    if (answer === null) return t`失敗，請再試一次`;
    if (answer.status === 'ok') await invalidateLibrary(queryClient);
    return refusal(answer);
  };
  const save = async (pk: number, fields: BookFields) => {
    const answer = await editBook(pk, fields).catch(() => null);
    if (answer === null) return t`失敗，請再試一次`;
    if (answer.status === 'ok') await invalidateLibrary(queryClient);
    return refusal(answer);
  };
  return (
    <Stack>
      <Title order={2}>
        <Trans>書籍管理</Trans>
      </Title>
      <Anchor component={Link} to="/admin/library/history/all">
        <Trans>圖書借還紀錄</Trans>
      </Anchor>
      <Tabs defaultValue="add">
        <Tabs.List>
          <Tabs.Tab value="add">{t`新增書籍`}</Tabs.Tab>
          <Tabs.Tab value="edit">{t`編輯書籍`}</Tabs.Tab>
          <Tabs.Tab value="import">{t`CSV 匯入`}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="add" pt="md">
          <BookForm book={null} submitLabel={t`新增`} onSubmit={add} />
        </Tabs.Panel>
        <Tabs.Panel value="edit" pt="md">
          <Stack>
            <SearchPicker
              kind={bookKind}
              entries={books.data ?? []}
              value={picked}
              onChange={setPicked}
              label={t`選擇書籍`}
            />
            {picked && book.isPending && <PageLoader />}
            {book.data && (
              <BookForm
                key={book.data.book.pk}
                book={book.data.book}
                submitLabel={t`儲存`}
                onSubmit={(fields) => save(book.data.book.pk, fields)}
              />
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="import" pt="md">
          <BookImport />
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
