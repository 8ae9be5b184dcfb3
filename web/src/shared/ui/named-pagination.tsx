import { useLingui } from '@lingui/react/macro';
import { Pagination, type PaginationProps } from '@mantine/core';

/** Mantine's pager with its arrow buttons named: they carry no text, and axe (button-name) requires one. */
export function NamedPagination(props: PaginationProps) {
  const { t } = useLingui();
  return (
    <Pagination
      {...props}
      getControlProps={(control) =>
        control === 'next'
          ? { 'aria-label': t`下一頁` }
          : control === 'previous'
            ? { 'aria-label': t`上一頁` }
            : control === 'first'
              ? { 'aria-label': t`第一頁` }
              : control === 'last'
                ? { 'aria-label': t`最後一頁` }
                : {}
      }
    />
  );
}
