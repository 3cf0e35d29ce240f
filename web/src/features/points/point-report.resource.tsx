// Report: points tracking (GET /point/report), one row per invoice document (its master, promo
// and correction points together) and one per other movement; exportable to XLSX.
import { type PointReportRow, pointReportContract } from '@lbo/contract/points';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import {
  customerColumns,
  POINT_TYPE_OPTIONS,
  PointsValue,
  PointTypeBadges,
  pointTypeLabel,
} from './point-shared';

const pts = (key: 'master_points' | 'promo_points' | 'other_points') => ({
  key,
  render: (r: PointReportRow) => <PointsValue value={r[key]} />,
  exportValue: (r: PointReportRow) => r[key],
  noWrap: true,
  align: 'right' as const,
  visibleFrom: 'lg' as const,
});

export const resource = defineResource({
  contract: pointReportContract,
  name: 'point_report',
  title: (r) => r.invoice_document_no ?? `#${r.id}`,
  columns: [
    { key: 'entry_date', kind: 'date', sortKey: 'entry_date' },
    { key: 'invoice_document_no', sortKey: 'invoice_document_no', noWrap: true },
    ...customerColumns<PointReportRow>({ link: true }).map((c) =>
      c.key === 'customer_name' ? { ...c, sortKey: 'customer_name' } : c,
    ),
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'region_name', visibleFrom: 'xl' },
    { key: 'region_group_name', visibleFrom: 'xl' },
    {
      key: 'point_types',
      noWrap: true,
      render: (r) => <PointTypeBadges types={r.point_types} />,
      exportValue: (r, t) => r.point_types.map((ty) => pointTypeLabel(ty, t)).join(', '),
    },
    { key: 'invoice_net_amount', kind: 'money', align: 'right', visibleFrom: 'lg' },
    pts('master_points'),
    pts('promo_points'),
    pts('other_points'),
    {
      key: 'points',
      sortKey: 'points',
      render: (r) => <PointsValue value={r.points} />,
      exportValue: (r) => r.points,
      noWrap: true,
      align: 'right' as const,
    },
  ],
  filters: [
    { kind: 'dateRange', key: 'entry_date', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
    {
      kind: 'enum',
      key: 'point_type',
      options: POINT_TYPE_OPTIONS,
      optionLabel: (v, t) => pointTypeLabel(v, t),
    },
  ],
});
