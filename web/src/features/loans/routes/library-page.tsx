import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { useState } from 'react';
import { type LogColumn, PagedLogTable } from '../../../shared/ui/paged-log-table';
import { type Book, useLibrary } from '../api/library';
import { LibraryRules } from '../components/library-rules';

/**
 * Library (/library, document 1): the catalogue with a search debounced 500 ms, how many books the viewer
 * has out and how many the library holds.
 */
export default function LibraryPage() {
  const { t } = useLingui();
  const [search, setSearch] = useState('');
  const [keyword] = useDebouncedValue(search.trim(), 500);
  const [page, setPage] = useState(1);
  const catalogue = useLibrary(page, keyword);
  const columns: LogColumn<Book>[] = [
    { key: 'barcode', header: t`條碼`, cell: (book) => book.barcode, nowrap: true },
    { key: 'title', header: t`書名`, cell: (book) => book.title },
    { key: 'author', header: t`作者`, cell: (book) => book.author },
    { key: 'publisher', header: t`出版社`, cell: (book) => book.publisher },
    {
      key: 'classification',
      header: t`分類`,
      cell: (book) =>
        book.classification.name === '' ? (
          ''
        ) : (
          <Badge variant="outline" style={{ borderColor: book.classification.color }} c="dark">
            {book.classification.name}
          </Badge>
        ),
    },
    {
      key: 'state',
      header: t`狀態`,
      nowrap: true,
      cell: (book) => (!book.allowborrow ? t`不外借` : book.out ? t`已借出` : t`可借閱`),
    },
  ];
  return (
    <Stack>
      <Title order={2}>
        <Trans>圖書館</Trans>
      </Title>
      <LibraryRules />
      {catalogue.data && (
        <Group gap="lg">
          <Text>
            <Trans>你目前借了 {catalogue.data.borrowcount} 本</Trans>
          </Text>
          <Text c="dimmed">
            <Trans>館藏共 {catalogue.data.bookTotal} 本</Trans>
          </Text>
        </Group>
      )}
      <TextInput
        label={t`搜尋書籍`}
        description={t`條碼、ISBN、書名、作者、出版社或分類`}
        value={search}
        onChange={(event) => {
          setSearch(event.currentTarget.value);
          setPage(1);
        }}
      />
      <PagedLogTable
        caption={t`館藏`}
        columns={columns}
        query={catalogue}
        rowKey={(book) => book.pk}
        page={page}
        onPage={setPage}
      />
    </Stack>
  );
}
