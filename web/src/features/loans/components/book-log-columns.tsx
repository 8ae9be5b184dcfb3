import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { LogColumn } from '../../../shared/ui/paged-log-table';
import type { BookLog } from '../api/library';
import { taipeiMinutes } from '../lib/format';

/** A book loan's state (document 3, section 4): not returned, overdue (with days), returned. */
export function BookLogState({ log }: { log: BookLog }) {
  const { t } = useLingui();
  const days = log.expiredays;
  if (log.returntime === null)
    return log.expired ? (
      <Text c="red.9" fw={700} size="sm">
        {t`逾期 ${days} 天未還`}
      </Text>
    ) : (
      <Text size="sm">{t`借閱中`}</Text>
    );
  return log.expired ? (
    <Text c="red.9" size="sm">
      {t`已還（逾期 ${days} 天）`}
    </Text>
  ) : (
    <Text size="sm">{t`已還`}</Text>
  );
}

/** The columns of a book loan list; `withUser` for staff's list of everyone's loans. */
export function useBookLogColumns(withUser: boolean): LogColumn<BookLog>[] {
  const { t } = useLingui();
  return [
    { key: 'pk', header: t`編號`, cell: (log) => log.pk, nowrap: true },
    ...(withUser
      ? [{ key: 'user', header: t`借閱人`, cell: (log: BookLog) => `${log.user.name} (${log.user.pkstr})` }]
      : []),
    { key: 'book', header: t`書`, cell: (log) => `${log.book.title} (${log.book.barcode})` },
    { key: 'borrowtime', header: t`借出`, cell: (log) => taipeiMinutes(log.borrowtime), nowrap: true },
    { key: 'duetime', header: t`到期`, cell: (log) => taipeiMinutes(log.duetime), nowrap: true },
    { key: 'returntime', header: t`歸還`, cell: (log) => taipeiMinutes(log.returntime), nowrap: true },
    { key: 'state', header: t`狀態`, cell: (log) => <BookLogState log={log} /> },
    { key: 'fine', header: t`罰款`, cell: (log) => (log.fine > 0 ? t`${log.fine} 元` : ''), nowrap: true },
  ];
}
