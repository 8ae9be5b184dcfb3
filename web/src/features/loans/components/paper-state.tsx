import { useLingui } from '@lingui/react/macro';
import { Badge } from '@mantine/core';
import type { PaperBox } from '../api/paper';

/**
 * A box's state (document 3, section 4): no data; borrowed (today); overdue and unreturned; returned
 * normal; returned with a problem pending; returned with fewer than 5 sheets.
 */
export function PaperStateBadge({ box }: { box: PaperBox }) {
  const { t } = useLingui();
  const days = box.lastrow?.expireddays ?? 0;
  switch (box.state) {
    case 'nodata':
      return <Badge color="gray.7">{t`無資料`}</Badge>;
    case 'borrowed':
      return <Badge color="blue.9">{t`今日借出`}</Badge>;
    case 'overdue':
      return <Badge color="red.9">{t`逾期未還 ${days} 天`}</Badge>;
    case 'problem':
      return <Badge color="grape.9">{t`歸還有問題待處理`}</Badge>;
    case 'low':
      return <Badge color="yellow" c="dark">{t`剩不到 5 張`}</Badge>;
    default:
      return <Badge color="teal.9">{t`已歸還`}</Badge>;
  }
}
