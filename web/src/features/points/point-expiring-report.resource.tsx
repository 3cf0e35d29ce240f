// Report: expiring points (GET /point/report/expiring), the stores whose open points expire in a
// period (default today to the end of next month), with the points, lots, first and last expiry and
// the balance now; XLSX export. The totals over every page come with the answer.
import { type ExpiringPointsRow, expiringPointsContract } from '@lbo/contract/points.lots';
import { Alert } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { formatDate, formatNumber } from '../../components/resource/format';
import { defineResource } from '../../components/resource/types';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import { customerColumns, customerLabel, PointsValue } from './point-shared';

const FILTERS = ['start_date', 'end_date', 'region_group_id', 'region_id', 'branch_id', 'search'] as const;
type Totals = { customers: number; points: number; lots: number };
type Answer = { totals: Totals; range: { start_date: string; end_date: string } };

/** The range's totals over every page, for the filters in the URL (the list's own state). */
function ExpiringTotals() {
  const { t, i18n } = useTranslation();
  const [params] = useSearchParams();
  const query = Object.fromEntries(FILTERS.flatMap((f) => (params.get(f) ? [[f, params.get(f)]] : [])));
  const q = useQuery({
    queryKey: resourceKeys('point_expiring_report').list({ ...query, totals: true }),
    queryFn: async ({ signal }) =>
      (await api.get<ExpiringPointsRow[]>(
        expiringPointsContract.paths.list!,
        { ...query, limit: 1 },
        signal,
      )) as unknown as Answer,
  });
  if (!q.data) return null;
  const { totals, range } = q.data;
  return (
    <Alert variant="light" color="yellow" mb="sm" data-testid="expiring-totals">
      {t('resources.point_expiring_report.texts.totals', {
        customers: formatNumber(totals.customers, i18n.language),
        points: formatNumber(totals.points, i18n.language),
        lots: formatNumber(totals.lots, i18n.language),
        start: formatDate(range.start_date),
        end: formatDate(range.end_date),
      })}
    </Alert>
  );
}

export const resource = defineResource({
  contract: expiringPointsContract,
  name: 'point_expiring_report',
  title: customerLabel,
  columns: [
    ...customerColumns<ExpiringPointsRow>({ sortable: true, link: true }),
    { key: 'branch_name', visibleFrom: 'md' },
    { key: 'region_name', visibleFrom: 'xl' },
    { key: 'region_group_name', visibleFrom: 'xl' },
    {
      key: 'expiring_points',
      sortKey: 'expiring_points',
      render: (r: ExpiringPointsRow) => <PointsValue value={r.expiring_points} signed={false} plain />,
      exportValue: (r: ExpiringPointsRow) => r.expiring_points,
      noWrap: true,
      align: 'right' as const,
    },
    { key: 'lots', kind: 'number', align: 'right', visibleFrom: 'lg' },
    { key: 'first_expiry', kind: 'date', sortKey: 'first_expiry' },
    { key: 'last_expiry', kind: 'date', visibleFrom: 'lg' },
    {
      key: 'point_balance',
      sortKey: 'point_balance',
      render: (r: ExpiringPointsRow) => <PointsValue value={r.point_balance} signed={false} plain />,
      exportValue: (r: ExpiringPointsRow) => r.point_balance,
      noWrap: true,
      align: 'right' as const,
      visibleFrom: 'md',
    },
  ],
  listExtra: ExpiringTotals,
  filters: [
    { kind: 'dateRange', key: 'expiry', from: 'start_date', to: 'end_date' },
    { kind: 'select', key: 'region_group_id', source: regionGroupSource },
    { kind: 'select', key: 'region_id', source: regionSource },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
});
