// Point transaction rules: how many rupiah of an invoice line earn one point, per item, item
// category or every item, optionally per customer type, within a period. The screen says that
// rules apply to invoices stored after they change (resources.point_rule.notice).
import { type PointRule, pointRuleContract } from '@lbo/contract/points';
import { Text } from '@mantine/core';
import type { TFunction } from 'i18next';
import { defineResource } from '../../components/resource/types';
import { customerTypeSource, itemCategorySource, itemSource } from '../common-sources';
import { periodColumns } from './point-shared';

const targetText = (r: PointRule, t: TFunction) =>
  r.target === 'item'
    ? `${r.item_name ?? ''} (${r.item_code ?? ''})`
    : r.target === 'category'
      ? (r.item_category_name ?? '')
      : t('resources.point_rule.allItems');

export const resource = defineResource({
  contract: pointRuleContract,
  name: 'point_rule',
  title: (r) => r.name,
  columns: [
    { key: 'name', sortKey: 'name', width: 200 },
    {
      key: 'target',
      render: (r, t) => (
        <>
          <Text span size="xs" c="dimmed" display="block">
            {t(`resources.point_rule.targets.${r.target}`)}
            {/* Below 1408 px the customer type column gives way to the actions: named here instead. */}
            {r.customer_type_name ? (
              <Text span size="xs" c="dimmed" hiddenFrom="xl">
                {` · ${r.customer_type_name}`}
              </Text>
            ) : null}
          </Text>
          <Text span size="sm">
            {targetText(r, t)}
          </Text>
        </>
      ),
      exportValue: (r, t) => `${t(`resources.point_rule.targets.${r.target}`)}: ${targetText(r, t)}`,
    },
    {
      key: 'customer_type_name',
      render: (r, t) => r.customer_type_name ?? t('resources.point_rule.allTypes'),
      exportValue: (r, t) => r.customer_type_name ?? t('resources.point_rule.allTypes'),
      visibleFrom: 'xl',
    },
    { key: 'amount_per_point', kind: 'money', align: 'right', sortKey: 'amount_per_point' },
    ...periodColumns<PointRule>(),
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'boolean', key: 'active', labels: 'active' },
    { kind: 'select', key: 'item_category_id', source: itemCategorySource },
    { kind: 'select', key: 'customer_type_id', source: customerTypeSource },
  ],
  // The rules in force first; clearing the filter shows the inactive ones too.
  filterDefaults: { active: 'true' },
  detail: {
    fields: [
      { key: 'name' },
      { key: 'active', kind: 'active' },
      { key: 'amount_per_point', kind: 'money' },
      {
        key: 'target',
        render: (r, t) =>
          `${t(`resources.point_rule.targets.${String(r.target)}`)}: ${targetText(r as PointRule, t)}`,
      },
      {
        key: 'customer_type_name',
        render: (r, t) => (r.customer_type_name as string) ?? t('resources.point_rule.allTypes'),
      },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'note', span: 2 },
      { key: 'created_at', kind: 'datetime' },
      { key: 'updated_at', kind: 'datetime' },
    ],
  },
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, span: 2 },
      {
        name: 'item_category_id',
        widget: { kind: 'select', source: itemCategorySource },
        emptyAs: 'null',
        disabled: (v) => v.item_id !== null && v.item_id !== undefined,
      },
      {
        name: 'item_id',
        widget: { kind: 'select', source: itemSource },
        emptyAs: 'null',
        disabled: (v) => v.item_category_id !== null && v.item_category_id !== undefined,
      },
      { name: 'customer_type_id', widget: { kind: 'select', source: customerTypeSource }, emptyAs: 'null' },
      { name: 'amount_per_point', widget: { kind: 'number', decimals: 2 } },
      { name: 'start_date', widget: { kind: 'date', typed: true } },
      { name: 'end_date', widget: { kind: 'date', typed: true } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'note', widget: { kind: 'textarea' }, span: 2 },
    ],
    defaults: { active: true, note: '' },
  },
});
