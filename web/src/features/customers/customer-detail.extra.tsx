// Under a customer's fields: the year's monthly targets against achieved turnover (a chart and a
// table, figures from the server), the salesman visits and the recent app activity.
import '@mantine/charts/styles.css';
import { type CustomerDetail, customerActivityContract, customerContract } from '@lbo/contract/customers';
import { CompositeChart } from '@mantine/charts';
import {
  Badge,
  Group,
  Loader,
  Paper,
  ScrollArea,
  Select,
  Stack,
  Table,
  Tabs,
  Text,
  Title,
} from '@mantine/core';
import { IconActivity, IconChartBar, IconHourglass, IconMapPin } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import type { TFunction } from 'i18next';
import { Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { CustomerLotsSlot, CustomerTargetsSlot } from '../../app/slots';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { formatDate, formatNumber } from '../../components/resource/format';
import { fetchSelect, fillPath, selectSource } from '../../components/resource/resource-api';
import type { Row } from '../../components/resource/types';

type Detail = CustomerDetail;
const k = (key: string) => `resources.customer.detail.${key}`;

const monthName = (month: number, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'id-ID', { month: 'short' }).format(
    new Date(2024, month - 1, 1),
  );

/** Rupiah in a short form for chart axes: 1,2 jt / 1.2M. */
function compact(value: number, lang: string) {
  return new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);
}

function Pct({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const color = value >= 100 ? 'teal' : value >= 75 ? 'yellow' : 'red';
  return (
    <Badge variant="light" color={color} tt="none">
      {value.toLocaleString('id-ID', { maximumFractionDigits: 1 })}%
    </Badge>
  );
}

/** A month that has not begun yet: no achievement to judge. */
const isFuture = (year: number, month: number) => {
  const now = dayjs();
  return year > now.year() || (year === now.year() && month > now.month() + 1);
};

function TargetsPanel({ detail, lang, t }: { detail: Detail; lang: string; t: TFunction }) {
  const rows = detail.customer_achievement;
  const hasTargets = detail.customer_target.length > 0;
  const chartData = rows.map((a) => ({
    month: monthName(a.month, lang),
    [t(k('target'))]: a.target_amount ?? 0,
    [t(k('actual'))]: a.actual_amount,
  }));
  return (
    <Stack gap="md">
      {!hasTargets ? (
        <Text size="sm" c="dimmed">
          {t(k('noTargets'))}
        </Text>
      ) : null}
      <CompositeChart
        h={260}
        data={chartData}
        dataKey="month"
        series={[
          { name: t(k('actual')), color: 'teal.6', type: 'bar' },
          { name: t(k('target')), color: 'orange.6', type: 'line' },
        ]}
        withLegend
        legendProps={{ verticalAlign: 'top', height: 36 }}
        valueFormatter={(v) => compact(v, lang)}
        maxBarWidth={28}
        aria-label={t(k('chartLabel'))}
        data-testid="achievement-chart"
      />
      <Table.ScrollContainer minWidth={560}>
        <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="achievement-table">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t(k('month'))}</Table.Th>
              <Table.Th>{t(k('quarter'))}</Table.Th>
              <Table.Th ta="right">{t(k('target'))}</Table.Th>
              <Table.Th ta="right">{t(k('actual'))}</Table.Th>
              <Table.Th ta="right">{t(k('invoices'))}</Table.Th>
              <Table.Th ta="right">{t(k('achievement'))}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {rows.map((a) => (
              <Table.Tr key={a.month}>
                <Table.Td>{monthName(a.month, lang)}</Table.Td>
                <Table.Td>Q{a.quarter}</Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(a.target_amount, lang, true)}
                </Table.Td>
                <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                  {formatNumber(a.actual_amount, lang, true)}
                </Table.Td>
                <Table.Td ta="right">{formatNumber(a.invoice_count, lang)}</Table.Td>
                <Table.Td ta="right">
                  <Pct value={isFuture(a.year, a.month) ? null : a.achievement_pct} />
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </Stack>
  );
}

function VisitsPanel({ detail, t }: { detail: Detail; t: TFunction }) {
  const visits = detail.salesman_visit;
  if (visits.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t(k('noVisits'))}
      </Text>
    );
  }
  const time = (v: string | null) => (v ? dayjs(v).format('HH:mm') : '—');
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped verticalSpacing={6} fz="sm" data-testid="visit-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(k('visitDate'))}</Table.Th>
            <Table.Th>{t(k('salesman'))}</Table.Th>
            <Table.Th>{t(k('checkIn'))}</Table.Th>
            <Table.Th>{t(k('checkOut'))}</Table.Th>
            <Table.Th>{t(k('visitNote'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {visits.map((v) => (
            <Table.Tr key={v.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(v.visit_date)}</Table.Td>
              <Table.Td>
                {v.salesman_name}{' '}
                <Text span size="xs" c="dimmed">
                  {v.salesman_code}
                </Text>
              </Table.Td>
              <Table.Td>{time(v.check_in_at)}</Table.Td>
              <Table.Td>{time(v.check_out_at)}</Table.Td>
              <Table.Td>{v.note || '—'}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

const activitySource = selectSource(customerActivityContract, (r) => String(r.activity));

function ActivityPanel({ customerId, t }: { customerId: number; t: TFunction }) {
  const q = useQuery({
    queryKey: resourceKeys('customer_activity').list({ customer_id: customerId }),
    queryFn: ({ signal }) => fetchSelect(activitySource, { customer_id: customerId }, signal),
  });
  if (q.isPending) return <Loader size="sm" m="md" aria-label={t('common.loading')} />;
  if (q.isError) return <ErrorAlert error={q.error} onRetry={() => q.refetch()} />;
  const rows = q.data.slice(0, 100);
  if (rows.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="md">
        {t(k('noActivity'))}
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah={420} type="auto">
      <Table striped verticalSpacing={6} fz="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t(k('at'))}</Table.Th>
            <Table.Th>{t(k('activity'))}</Table.Th>
            <Table.Th>{t(k('device'))}</Table.Th>
            <Table.Th>{t(k('appVersion'))}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((a: Row) => (
            <Table.Tr key={String(a.id)}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(a.at, true)}</Table.Td>
              <Table.Td>
                {t(`resources.customer_last_seen.activities.${String(a.activity)}`, {
                  defaultValue: String(a.activity),
                })}
              </Table.Td>
              <Table.Td>{String(a.device || '—')}</Table.Td>
              <Table.Td>{String(a.app_version || '—')}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollArea.Autosize>
  );
}

export function CustomerDetailExtra({ record, data }: { record: Row; data: Row }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const loaded = data as unknown as Detail;
  const loadedYear = loaded.customer_achievement[0]?.year ?? dayjs().year();
  const [year, setYear] = useState(loadedYear);
  const id = Number(record.customer_id);
  // The year shown with the record comes with it; another year is asked for separately.
  const other = useQuery({
    queryKey: [...resourceKeys('customer').detail(id), { year }],
    queryFn: async ({ signal }) =>
      (await api.get<Detail>(fillPath(customerContract.paths.get ?? '', id), { year }, signal)).data,
    enabled: year !== loadedYear,
    placeholderData: keepPreviousData,
  });
  const detail = year === loadedYear ? loaded : other.data;
  const thisYear = dayjs().year();
  const years = [thisYear + 1, thisYear, thisYear - 1, thisYear - 2, thisYear - 3].map(String);

  return (
    <Paper withBorder p={{ base: 'md', sm: 'lg' }} radius="md">
      <Group justify="space-between" mb="sm" wrap="wrap">
        <Title order={3} fz="h4">
          {t(k('performance'))}
        </Title>
        <Group gap="xs">
          {other.isFetching ? <Loader size="xs" /> : null}
          <Select
            aria-label={t(k('year'))}
            data={years}
            value={String(year)}
            onChange={(v) => v && setYear(Number(v))}
            allowDeselect={false}
            w={110}
          />
        </Group>
      </Group>
      {other.isError && year !== loadedYear ? (
        <ErrorAlert error={other.error} onRetry={() => other.refetch()} />
      ) : null}
      {detail ? (
        <Tabs defaultValue="targets" keepMounted={false}>
          <Tabs.List mb="md">
            <Tabs.Tab value="targets" leftSection={<IconChartBar size={16} />}>
              {t(k('targetsTab'))}
            </Tabs.Tab>
            <Tabs.Tab value="target_periods" leftSection={<IconChartBar size={16} />}>
              {t('targets.customer.tab')}
            </Tabs.Tab>
            <Tabs.Tab value="visits" leftSection={<IconMapPin size={16} />}>
              {t(k('visitsTab'), { count: detail.salesman_visit.length })}
            </Tabs.Tab>
            <Tabs.Tab value="activity" leftSection={<IconActivity size={16} />}>
              {t(k('activityTab'))}
            </Tabs.Tab>
            <Tabs.Tab value="point_lots" leftSection={<IconHourglass size={16} />}>
              {t('resources.point_lots.title')}
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="targets">
            <TargetsPanel detail={detail} lang={lang} t={t} />
          </Tabs.Panel>
          <Tabs.Panel value="target_periods">
            <Suspense fallback={<Loader size="sm" />}>
              <CustomerTargetsSlot customerId={id} year={year} />
            </Suspense>
          </Tabs.Panel>
          <Tabs.Panel value="visits">
            <VisitsPanel detail={detail} t={t} />
          </Tabs.Panel>
          <Tabs.Panel value="activity">
            <ActivityPanel customerId={id} t={t} />
          </Tabs.Panel>
          <Tabs.Panel value="point_lots">
            <Suspense fallback={<Loader size="sm" />}>
              <CustomerLotsSlot customerId={id} />
            </Suspense>
          </Tabs.Panel>
        </Tabs>
      ) : (
        <Loader size="sm" />
      )}
    </Paper>
  );
}
