// Role groups: a named set of roles given to staff users.
import { roleGroupContract } from '@lbo/contract/staff';
import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { defineResource, type Row } from '../../components/resource/types';
import { roleSource } from '../common-sources';

const ACTIONS = ['view', 'create', 'update', 'delete'] as const;

const describeRole = (r: Row, t: TFunction) => (
  <Group gap={4} component="span">
    {ACTIONS.filter((a) => r[`can_${a}`]).map((a) => (
      <Badge
        key={a}
        size="xs"
        variant="light"
        component="span"
        tt="none"
        color={a === 'delete' ? 'red' : 'teal'}
      >
        {t(`permissions.${a}`)}
      </Badge>
    ))}
  </Group>
);

export const resource = defineResource({
  contract: roleGroupContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'description', visibleFrom: 'md' },
    {
      key: 'role_ids',
      render: (r, t) => (
        <Text span size="sm">
          {t('resources.role_group.roleCount', { count: r.role_ids.length })}
        </Text>
      ),
      exportValue: (r) => r.role_ids.length,
      width: 120,
    },
    { key: 'user_count', kind: 'number', width: 120 },
    { key: 'created_at', kind: 'datetime', sortKey: 'created_at', visibleFrom: 'lg' },
  ],
  detail: {
    fields: [
      { key: 'name' },
      { key: 'user_count', kind: 'number' },
      { key: 'created_at', kind: 'datetime' },
      { key: 'description', span: 2 },
      { key: 'role_ids', kind: 'ids', source: roleSource, span: 2 },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'description', widget: { kind: 'textarea' } },
      {
        name: 'role_ids',
        widget: { kind: 'checklist', source: roleSource, describe: describeRole },
        span: 2,
      },
    ],
    defaults: { role_ids: [] },
  },
});
