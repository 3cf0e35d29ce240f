// Customer report: the customer list's filters plus a date range (the server's default: the
// current month), each store with its invoice count and turnover over the range; exported to
// CSV/XLSX by the list machinery. The route is a workflow route, described here as a read-only list.

import { qDate } from '@lbo/contract/common';
import {
  CUSTOMER_REPORT_PATH,
  CUSTOMER_SORT_KEYS,
  CustomerFilters,
  CustomerReportRow,
  customerContract,
} from '@lbo/contract/customers';
import { defineContract } from '@lbo/contract/resource';
import { defineResource } from '../../components/resource/types';
import { branchSource, customerTypeSource, regionGroupSource, regionSource } from '../common-sources';
import { customerLink } from './customer-link';

const customerReportContract = defineContract({
  name: 'customer_report',
  area: 'customer',
  idKey: 'customer_id',
  paths: { list: CUSTOMER_REPORT_PATH },
  record: CustomerReportRow,
  filters: CustomerFilters.extend({ start_date: qDate(), end_date: qDate() }),
  sortKeys: CUSTOMER_SORT_KEYS,
  defaultSort: customerContract.defaultSort,
  searchFields: customerContract.searchFields,
});

export const resource = defineResource({
  contract: customerReportContract,
  title: (r) => r.customer_name,
  listParams: (s) => ({ admin_user_id: s.user_id }),
  columns: [
    {
      key: 'customer_name',
      sortKey: 'customer_name',
      render: customerLink,
      exportValue: (r) => `${r.customer_name} (${r.customer_code})`,
    },
    { key: 'branch_name', sortKey: 'branch_name' },
    { key: 'customer_type_name', visibleFrom: 'md' },
    { key: 'salesman_name', visibleFrom: 'lg' },
    { key: 'invoice_count', kind: 'number' },
    { key: 'turnover', kind: 'money' },
    { key: 'last_invoice_date', kind: 'date', visibleFrom: 'md' },
    { key: 'point_balance', kind: 'number', sortKey: 'point_balance', visibleFrom: 'lg' },
  ],
  filters: [
    {
      kind: 'dateRange',
      key: 'period',
      from: 'start_date',
      to: 'end_date',
      emptyLabel: (t) => t('resources.customer_report.thisMonth'),
    },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'select', key: 'customer_type_id', source: customerTypeSource },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource, more: true },
    { kind: 'select', key: 'region_id', source: regionSource, more: true },
    { kind: 'boolean', key: 'active', labels: 'active', more: true },
    { kind: 'boolean', key: 'show_in_app', more: true },
    { kind: 'boolean', key: 'installed', more: true },
  ],
});
