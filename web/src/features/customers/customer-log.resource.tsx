// Customer log: every staff change to a customer (edits and bulk edits) with the fields changed.
import { changesOf, customerLogContract } from '@lbo/contract/customers';
import { Badge, Stack, Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { IdsLabels } from '../../components/resource/ids-labels';
import { defineResource, type Row, type SelectSource } from '../../components/resource/types';
import {
  branchSource,
  customerTypeSource,
  regionAreaSource,
  salesmanSource,
  salesmanTypeSource,
} from '../common-sources';
import { customerLink } from './customer-link';

export const LOG_ACTIONS = [
  'update',
  'bulk_edit',
  'bulk_max_point',
  'bulk_class_mekar',
  'bulk_exclude_all_point',
  'bulk_note',
  'edit_note',
  'edit_max_point',
  'edit_class_mekar',
  'validate',
] as const;

const actionLabel = (v: string, t: TFunction) =>
  t(`resources.customer_log.actions.${v}`, { defaultValue: v.replace(/_/g, ' ') });

const show = (v: unknown, t: TFunction, field = '', side: 'from' | 'to' = 'to') =>
  field === 'photo_url' && v
    ? t(side === 'from' ? 'resources.customer_log.oldPhoto' : 'resources.customer_log.newPhoto')
    : v === null || v === undefined || v === ''
      ? '—'
      : typeof v === 'boolean'
        ? t(v ? 'common.yes' : 'common.no')
        : typeof v === 'object'
          ? JSON.stringify(v)
          : String(v);

/** Fields that hold the id of another record: the log shows that record's name ("Grosir → Retail"). */
const ID_SOURCES: Record<string, SelectSource> = {
  branch_id: branchSource,
  salesman_id: salesmanSource,
  customer_type_id: customerTypeSource,
  salesman_type_id: salesmanTypeSource,
  region_area_id: regionAreaSource,
};

function Value({
  field,
  value,
  side,
  t,
}: {
  field: string;
  value: unknown;
  side: 'from' | 'to';
  t: TFunction;
}) {
  const source = ID_SOURCES[field];
  if (source && value !== null && value !== undefined && value !== '')
    return <IdsLabels ids={value} source={source} />;
  return <>{show(value, t, field, side)}</>;
}

const fieldLabel = (f: string, t: TFunction) => t(`resources.customer.fields.${f}`, { defaultValue: f });

function changes(r: Row, t: TFunction) {
  const list = changesOf(r.detail);
  if (list.length === 0)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  return (
    <Stack gap={2}>
      {list.map((c) => (
        <Text key={c.field} size="sm" lineClamp={2}>
          <Text span fw={500} size="sm">
            {fieldLabel(c.field, t)}:
          </Text>{' '}
          <Text span c="dimmed" size="sm" td="line-through">
            <Value field={c.field} value={c.from} side="from" t={t} />
          </Text>{' '}
          → <Value field={c.field} value={c.to} side="to" t={t} />
        </Text>
      ))}
    </Stack>
  );
}

const changesText = (r: Row, t: TFunction) =>
  changesOf(r.detail)
    .map((c) => `${fieldLabel(c.field, t)}: ${show(c.from, t, c.field, 'from')} → ${show(c.to, t, c.field)}`)
    .join('; ');

export const resource = defineResource({
  contract: customerLogContract,
  title: (r) => `${r.customer_name} · ${r.action}`,
  columns: [
    { key: 'at', kind: 'datetime', sortKey: 'at', width: 150 },
    {
      key: 'customer_name',
      sortKey: 'customer_name',
      render: customerLink,
      exportValue: (r) => r.customer_name,
    },
    { key: 'branch_name', visibleFrom: 'lg' },
    {
      key: 'action',
      sortKey: 'action',
      width: 200,
      render: (r, t) => (
        <Badge variant="light" tt="none" color={r.action.startsWith('bulk') ? 'grape' : 'blue'}>
          {actionLabel(r.action, t)}
        </Badge>
      ),
      exportValue: (r, t) => actionLabel(r.action, t),
    },
    { key: 'detail', render: changes, exportValue: changesText },
    { key: 'staff_name', visibleFrom: 'md' },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'enum', key: 'action', options: LOG_ACTIONS, optionLabel: actionLabel },
  ],
});
