// Last seen: stores by their latest use of the mobile app, with the latest activity and device.
// The table shows its loading state while a page is on its way (SPEC.md section 4).
import { customerLastSeenContract } from '@lbo/contract/customers';
import type { TFunction } from 'i18next';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionSource } from '../common-sources';
import { customerLink } from './customer-link';

const activityLabel = (v: string | null, t: TFunction) =>
  v ? t(`resources.customer_last_seen.activities.${v}`, { defaultValue: v.replace(/_/g, ' ') }) : '—';

export const resource = defineResource({
  contract: customerLastSeenContract,
  title: (r) => r.customer_name,
  listParams: (s) => ({ admin_user_id: s.user_id }),
  columns: [
    {
      key: 'customer_name',
      sortKey: 'customer_name',
      render: customerLink,
      exportValue: (r) => r.customer_name,
    },
    { key: 'branch_name' },
    { key: 'phone_number', noWrap: true, visibleFrom: 'xl' },
    { key: 'last_seen_at', kind: 'datetime', sortKey: 'last_seen_at' },
    {
      key: 'last_activity',
      render: (r, t) => activityLabel(r.last_activity, t),
      exportValue: (r, t) => activityLabel(r.last_activity, t),
    },
    { key: 'last_device', visibleFrom: 'md' },
    { key: 'last_app_version', noWrap: true, visibleFrom: 'lg' },
    { key: 'installed', kind: 'boolean', width: 110, visibleFrom: 'xl' },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'branch_id', source: branchSource },
    { kind: 'select', key: 'region_id', source: regionSource, more: true },
    { kind: 'boolean', key: 'installed', more: true },
  ],
});
