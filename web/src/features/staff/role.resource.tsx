// Roles: one permission area with its actions (view / create / update / delete).
import { PERMISSION_AREAS } from '@lbo/contract/common';
import { roleContract } from '@lbo/contract/staff';
import { Badge, Group, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { defineResource, type Row } from '../../components/resource/types';

const ACTIONS = ['view', 'create', 'update', 'delete'] as const;

/** The granted actions as badges (only those granted, so the column stays readable). */
function grants(r: Row, t: TFunction) {
  const granted = ACTIONS.filter((a) => r[`can_${a}`]);
  if (granted.length === 0) {
    return (
      <Text span c="dimmed">
        —
      </Text>
    );
  }
  return (
    <Group gap={4}>
      {granted.map((a) => (
        <Badge
          key={a}
          size="sm"
          variant="light"
          tt="none"
          color={a === 'delete' ? 'red' : a === 'view' ? 'gray' : 'teal'}
        >
          {t(`permissions.${a}`)}
        </Badge>
      ))}
    </Group>
  );
}

const grantsText = (r: Row, t: TFunction) =>
  ACTIONS.filter((a) => r[`can_${a}`])
    .map((a) => t(`permissions.${a}`))
    .join(', ');

const areaLabel = (v: string, t: TFunction) => t(`areas.${v}`, { defaultValue: v });

export const resource = defineResource({
  contract: roleContract,
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name' },
    { key: 'area', kind: 'area', sortKey: 'area' },
    { key: 'grants', computed: true, render: grants, exportValue: grantsText },
    { key: 'description', visibleFrom: 'lg' },
  ],
  filters: [{ kind: 'enum', key: 'area', options: PERMISSION_AREAS, optionLabel: areaLabel }],
  detail: {
    fields: [
      { key: 'name' },
      { key: 'area', kind: 'area' },
      { key: 'grants', computed: true, render: grants },
      { key: 'description', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' } },
      { name: 'area', widget: { kind: 'enum', options: PERMISSION_AREAS, optionLabel: areaLabel } },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'can_view', widget: { kind: 'switch' } },
      { name: 'can_create', widget: { kind: 'switch' } },
      { name: 'can_update', widget: { kind: 'switch' } },
      { name: 'can_delete', widget: { kind: 'switch' } },
    ],
    defaults: { can_view: true, can_create: false, can_update: false, can_delete: false },
    // SPEC.md: the update body repeats id_role.
    toBody: (v, { mode, record }) => (mode === 'edit' && record ? { ...v, id_role: record.id_role } : v),
  },
});
