// A customer's flags as a few small badges (what is unusual about the store), and as text for exports.
import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import type { Row } from '../../components/resource/types';

type Flag = { key: string; on(r: Row): boolean; color: string };

// Only what deviates from an ordinary store (active, validated, shown in the app) is shown, so
// most rows carry one badge at most.
const FLAGS: Flag[] = [
  { key: 'inactive', on: (r) => r.active === false, color: 'gray' },
  { key: 'not_in_app', on: (r) => r.show_in_app === false, color: 'gray' },
  { key: 'not_validated', on: (r) => r.admin_validate === false, color: 'yellow' },
  { key: 'incomplete', on: (r) => r.is_data_complete === false, color: 'orange' },
  { key: 'class_mekar', on: (r) => r.class_mekar === true, color: 'grape' },
  { key: 'no_points', on: (r) => r.exclude_all_point === true, color: 'red' },
];

export function customerFlags(r: Row, t: TFunction) {
  const on = FLAGS.filter((f) => f.on(r));
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
        <Badge key={f.key} size="sm" variant="light" color={f.color} tt="none">
          {t(`resources.customer.flags.${f.key}`)}
        </Badge>
      ))}
    </Group>
  );
}

export const customerFlagsText = (r: Row, t: TFunction) =>
  FLAGS.filter((f) => f.on(r))
    .map((f) => t(`resources.customer.flags.${f.key}`))
    .join(', ');
