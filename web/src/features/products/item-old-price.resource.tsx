// Old prices: the prices a product had before, each from its effective date; list and add, here
// and in place on the product's detail screen (oldPriceChild).
import { itemOldPriceContract } from '@lbo/contract/products';
import { defineChild, defineResource } from '../../components/resource/types';
import { itemSource } from '../common-sources';
import { itemLink } from './item-uom-line.resource';

export const resource = defineResource({
  contract: itemOldPriceContract,
  title: (r) => `${r.item_name} · ${r.effective_date}`,
  columns: [
    { key: 'item_name', sortKey: 'item_name', render: itemLink, exportValue: (r) => r.item_name },
    { key: 'effective_date', kind: 'date', sortKey: 'effective_date' },
    { key: 'price', kind: 'money', sortKey: 'price' },
    { key: 'note', visibleFrom: 'sm' },
    { key: 'created_at', kind: 'datetime', visibleFrom: 'lg' },
  ],
  filters: [{ kind: 'select', key: 'item_id', source: itemSource }],
  form: {
    fields: [
      { name: 'item_id', widget: { kind: 'select', source: itemSource }, span: 2 },
      { name: 'price', widget: { kind: 'number', decimals: 2 } },
      { name: 'effective_date', widget: { kind: 'date', typed: true } },
      { name: 'note', widget: { kind: 'textarea' }, span: 2 },
    ],
    defaults: { note: '' },
  },
});

/** A product's old prices on its detail screen: listed newest first and added in place. */
export const oldPriceChild = defineChild({
  contract: itemOldPriceContract,
  parentKey: 'item_id',
  title: (r) => `${r.item_name} · ${r.effective_date}`,
  params: { by: 'effective_date', sort: 'desc' },
  columns: [
    { key: 'effective_date', kind: 'date' },
    { key: 'price', kind: 'money', align: 'right' },
    { key: 'note' },
  ],
  form: {
    fields: [
      { name: 'price', widget: { kind: 'number', decimals: 2 } },
      { name: 'effective_date', widget: { kind: 'date', typed: true } },
      { name: 'note', widget: { kind: 'textarea' }, span: 2 },
    ],
    defaults: { note: '' },
  },
  listPath: 'old-prices',
  span: 1,
});
