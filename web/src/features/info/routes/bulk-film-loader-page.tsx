import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import { MarkdownText } from '../../../shared/content/markdown';
import { useContent } from '../../../shared/content/use-content';

/** AdminBulkFilmLoader (document 3): the bulk film loader's rules and the registration sheet's link. */
export default function BulkFilmLoaderPage() {
  return (
    <Stack>
      <Title order={2}>
        <Trans>散裝底片</Trans>
      </Title>
      <MarkdownText text={useContent('bulkfilmloader')} />
    </Stack>
  );
}
