import { useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import type { LogColumn } from '../../../shared/ui/paged-log-table';
import type { PropertyLog } from '../api/property';
import { taipeiMinutes } from '../lib/format';

/** Usage kinds (document 3): 1 personal in-club, 2 personal loan, 5 staff official activity. */
export function useActivityLabel(): (kind: number) => string {
  const { t } = useLingui();
  return (kind) => (kind === 1 ? t`社內個人使用` : kind === 2 ? t`個人外借` : t`幹部公務`);
}

/** An equipment loan's state (document 3, section 4): lent out, overdue, returned. */
export function PropertyLogState({ log }: { log: PropertyLog }) {
  const { t } = useLingui();
  if (log.realreturntime === null)
    return log.expired ? (
      <Text c="red.9" fw={700} size="sm">{t`逾期未還`}</Text>
    ) : (
      <Text size="sm">{t`借出中`}</Text>
    );
  return log.expired ? <Text c="red.9" size="sm">{t`已還（逾期）`}</Text> : <Text size="sm">{t`已還`}</Text>;
}

/**
 * What the loan moved on the borrower's balance: the deposit held (transbefore), what came back
 * (transafter) and the rent paid = −before − after (document 1: Equipment log).
 */
export function PropertyMoney({ log }: { log: PropertyLog }) {
  const { t } = useLingui();
  const held = log.transbefore ? -log.transbefore.delta : 0;
  const back = log.transafter?.delta ?? null;
  const rent = log.rent;
  return (
    <Text size="sm" component="div">
      {log.transbefore ? <div>{t`押金 ${held} 元`}</div> : <div>{t`免押金`}</div>}
      {back !== null && <div>{t`退還 ${back} 元`}</div>}
      {rent !== null && <div>{t`租金 ${rent} 元`}</div>}
    </Text>
  );
}

export function usePropertyLogColumns(withUser: boolean): LogColumn<PropertyLog>[] {
  const { t } = useLingui();
  const activity = useActivityLabel();
  return [
    { key: 'pk', header: t`編號`, cell: (log) => log.pk, nowrap: true },
    ...(withUser
      ? [
          {
            key: 'user',
            header: t`借用人`,
            cell: (log: PropertyLog) => `${log.user.name} (${log.user.pkstr})`,
          },
        ]
      : []),
    {
      key: 'item',
      header: t`器材`,
      cell: (log) => `${log.clubproperty.name} (${log.clubproperty.pkstr})`,
    },
    { key: 'kind', header: t`用途`, cell: (log) => activity(log.activitytype), nowrap: true },
    { key: 'timestamp', header: t`借出`, cell: (log) => taipeiMinutes(log.timestamp), nowrap: true },
    { key: 'expected', header: t`預計歸還`, cell: (log) => taipeiMinutes(log.expreturntime), nowrap: true },
    { key: 'returned', header: t`歸還`, cell: (log) => taipeiMinutes(log.realreturntime), nowrap: true },
    { key: 'state', header: t`狀態`, cell: (log) => <PropertyLogState log={log} /> },
    { key: 'money', header: t`金額`, cell: (log) => <PropertyMoney log={log} /> },
  ];
}
