// The audit trail: who changed which record and when, newest first; an entry's page shows the
// changed fields before and after. Branch users see the entries about their branches' records.
import { type AuditEntry, auditLogContract } from '@lbo/contract/audit';
import { staffUserContract } from '@lbo/contract/staff';
import { Badge, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { selectSource } from '../../components/resource/resource-api';
import { defineResource } from '../../components/resource/types';
import { AuditChanges } from './audit-changes';

const staffSource = selectSource(staffUserContract, (r) => String(r.name ?? ''));

/** The record kind as its screen names it (`Customers`), or the entity's own name. */
const entityLabel = (entity: string, t: TFunction) =>
  t(`resources.${entity}.title`, { defaultValue: entity.replace(/_/g, ' ') });

const ACTION_COLORS: Record<string, string> = { create: 'teal', update: 'blue', delete: 'red' };
const actionLabel = (action: string, t: TFunction) =>
  t(`audit.actions.${action}`, { defaultValue: action.replace(/_/g, ' ') });

export const resource = defineResource({
  contract: auditLogContract,
  // Identifiers only (no words): the same in both languages.
  title: (r: AuditEntry) => `${r.entity} ${r.entity_id ?? ''} · #${r.id}`,
  columns: [
    { key: 'at', kind: 'datetime', sortKey: 'at', width: 170 },
    { key: 'user_name', sortKey: 'user_name', render: (r, t) => r.user_name ?? t('audit.system') },
    {
      key: 'action',
      sortKey: 'action',
      width: 120,
      noWrap: true,
      render: (r, t) => (
        <Badge variant="light" tt="none" color={ACTION_COLORS[r.action] ?? 'gray'}>
          {actionLabel(r.action, t)}
        </Badge>
      ),
      exportValue: (r, t) => actionLabel(r.action, t),
    },
    {
      key: 'entity',
      sortKey: 'entity',
      render: (r, t) => entityLabel(r.entity, t),
      exportValue: (r, t) => entityLabel(r.entity, t),
    },
    { key: 'entity_id', sortKey: 'entity_id', noWrap: true },
    { key: 'branch_name', visibleFrom: 'lg' },
    {
      key: 'changed_fields',
      render: (r) => (
        <Text size="sm" lineClamp={2} title={r.changed_fields.join(', ')}>
          {r.changed_fields.join(', ')}
        </Text>
      ),
      exportValue: (r) => r.changed_fields.join(', '),
    },
  ],
  filters: [
    { kind: 'select', key: 'staff_user_id', source: staffSource },
    { kind: 'text', key: 'entity' },
    { kind: 'text', key: 'entity_id', inputMode: 'numeric' },
    { kind: 'enum', key: 'action', options: ['create', 'update', 'delete'], optionLabel: actionLabel },
    { kind: 'dateRange', key: 'at', from: 'start_date', to: 'end_date' },
  ],
  detail: {
    fields: [
      { key: 'at', kind: 'datetime' },
      { key: 'user_name' },
      { key: 'action', render: (r, t) => actionLabel(String(r.action), t) },
      { key: 'entity', render: (r, t) => entityLabel(String(r.entity), t) },
      { key: 'entity_id' },
      { key: 'branch_name' },
      { key: 'ip' },
    ],
    extra: AuditChanges,
  },
});
