import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react';
import { Badge } from '@mantine/core';
import type { PointStatus } from '../api/points';

/** The status texts of document 1, section 4. */
export const pointStatusMessages: Record<PointStatus, MessageDescriptor> = {
  0: msg`審核未通過`,
  1: msg`尚未生效`,
  2: msg`有效`,
  3: msg`已過期`,
};

// A coloured dot beside dark text: the text keeps full contrast whatever the colour.
const statusColors: Record<PointStatus, string> = { 0: 'red', 1: 'yellow', 2: 'green', 3: 'gray' };

export function PointStatusBadge({ status }: { status: PointStatus }) {
  const { i18n } = useLingui();
  return (
    <Badge color={statusColors[status]} variant="dot" radius="sm">
      {i18n._(pointStatusMessages[status])}
    </Badge>
  );
}
