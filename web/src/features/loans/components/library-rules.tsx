import { Trans } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/** The library rule (document 3, section 9), quoted where books are lent. */
export function LibraryRules() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>借書規則：每人最多 5 本，借期 30 天，不可續借；逾期每本每天罰款 5 元，從儲值金扣除。</Trans>
    </Text>
  );
}

/** The equipment rule (document 3, section 9), quoted where equipment is lent. */
export function EquipmentRules() {
  return (
    <Text size="sm" c="dimmed">
      <Trans>
        器材規則：借出時預扣 3 天日租金作為押金，歸還時退還。租金未滿 6 小時每小時收日租金的 1/6，6 到 24
        小時收一天，之後每天一天；社內個人使用當天免費，之後每件每天最多 5 元；幹部公務免費。
      </Trans>
    </Text>
  );
}
