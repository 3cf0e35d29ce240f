// A customer's flags (contract/wording.ts: what is unusual about the store) as a few small badges,
// and as text for the exports the browser writes.

import { CUSTOMER_FLAGS, type CustomerFlag } from '@lbo/contract/wording';
import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Row } from '../../components/resource/types';

const COLOR: Record<CustomerFlag, string> = {
  inactive: 'gray',
  not_in_app: 'gray',
  not_validated: 'yellow',
  incomplete: 'orange',
  class_mekar: 'grape',
  no_points: 'red',
};

export function customerFlags(r: Row, t: TFunction) {
  const on = CUSTOMER_FLAGS.filter((f) => f.on(r));
  if (on.length === 0) {
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  }
  return (
    <Group gap={4} wrap="wrap" maw={260}>
      {on.map((f) => (
        <Badge key={f.key} size="sm" variant="light" color={COLOR[f.key]} tt="none">
          {t(`resources.customer.flags.${f.key}`)}
        </Badge>
      ))}
    </Group>
  );
}

export const customerFlagsText = (r: Row, t: TFunction) =>
  CUSTOMER_FLAGS.filter((f) => f.on(r))
    .map((f) => t(`resources.customer.flags.${f.key}`))
    .join(', ');
