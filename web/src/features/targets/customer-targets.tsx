// A customer's targets by quarter, semester or year (GET /customer/target/quarter|semester|year):
// each month's target beside the invoiced net amount and the percentage, summed for the period, with
// a target vs achievement chart. Shown on the customer detail and on the targets import page.
import '@mantine/charts/styles.css';
import { type CustomerTargetPeriod, TARGET_PATHS } from '@lbo/contract/targets';
import { CompositeChart } from '@mantine/charts';
import { Badge, Group, Loader, SegmentedControl, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../../app/api-client';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { formatNumber } from '../../components/resource/format';

type Kind = 'quarter' | 'semester' | 'year';
const k = (key: string) => `targets.customer.${key}`;

export const monthName = (month: number, lang: string) =>
  new Intl.DateTimeFormat(lang === 'en' ? 'en-US' : 'id-ID', { month: 'short' }).format(
    new Date(2024, month - 1, 1),
  );

const compact = (value: number, lang: string) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-US' : 'id-ID', {
    notation: 'compact',
    maximumFractionDigits: 1,
  }).format(value);

export function PctBadge({ value }: { value: number | null }) {
  if (value === null)
    return (
      <Text span c="dimmed" size="sm">
        —
      </Text>
    );
  const color = value >= 100 ? 'teal' : value >= 75 ? 'yellow' : 'red';
  return (
    <Badge variant="light" color={color} tt="none">
      {value.toLocaleString('id-ID', { maximumFractionDigits: 2 })}%
    </Badge>
  );
}

function Figure({ label, value, testId }: { label: string; value: React.ReactNode; testId?: string }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Text fw={700} size="lg" data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

export function CustomerTargets({ customerId, year }: { customerId: number; year: number }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const now = dayjs();
  const [kind, setKind] = useState<Kind>('year');
  const [quarter, setQuarter] = useState(String(Math.floor(now.month() / 3) + 1));
  const [semester, setSemester] = useState(now.month() < 6 ? '1' : '2');
  const query: Query = { customer_id: customerId, year };
  if (kind === 'quarter') query.quarter = quarter;
  if (kind === 'semester') query.semester = semester;
  const q = useQuery({
    queryKey: ['customer_target', kind, query],
    queryFn: async ({ signal }) =>
      (await api.get<CustomerTargetPeriod>(TARGET_PATHS[kind], query, signal)).data,
    placeholderData: keepPreviousData,
  });
  const d = q.data;
  const chartData = (d?.months ?? []).map((m) => ({
    month: monthName(m.month, lang),
    [t(k('target'))]: m.target_amount ?? 0,
    [t(k('actual'))]: m.actual_amount,
  }));

  return (
    <Stack gap="md" data-testid="customer-targets">
      <Group justify="space-between" wrap="wrap" gap="xs">
        <SegmentedControl
          value={kind}
          onChange={(v) => setKind(v as Kind)}
          data={(['quarter', 'semester', 'year'] as const).map((v) => ({ value: v, label: t(k(v)) }))}
          aria-label={t(k('period'))}
        />
        {kind === 'quarter' ? (
          <SegmentedControl
            value={quarter}
            onChange={setQuarter}
            data={['1', '2', '3', '4'].map((v) => ({ value: v, label: `Q${v}` }))}
            aria-label={t(k('quarter'))}
          />
        ) : null}
        {kind === 'semester' ? (
          <SegmentedControl
            value={semester}
            onChange={setSemester}
            data={['1', '2'].map((v) => ({ value: v, label: `S${v}` }))}
            aria-label={t(k('semester'))}
          />
        ) : null}
        {q.isFetching ? <Loader size="xs" /> : null}
      </Group>
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      {d ? (
        <>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Figure
              label={t(k('target'))}
              value={formatNumber(d.target_amount, lang, true)}
              testId="target-total"
            />
            <Figure
              label={t(k('actual'))}
              value={formatNumber(d.actual_amount, lang, true)}
              testId="actual-total"
            />
            <Figure label={t(k('achievement'))} value={<PctBadge value={d.achievement_pct} />} />
            <Figure label={t(k('invoices'))} value={formatNumber(d.invoice_count, lang)} />
          </SimpleGrid>
          <CompositeChart
            h={240}
            data={chartData}
            dataKey="month"
            series={[
              { name: t(k('actual')), color: 'teal.6', type: 'bar' },
              { name: t(k('target')), color: 'orange.6', type: 'line' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'top', height: 36 }}
            valueFormatter={(v) => compact(v, lang)}
            maxBarWidth={32}
            aria-label={t(k('chartLabel'))}
          />
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing={6} fz="sm" data-testid="target-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(k('month'))}</Table.Th>
                  <Table.Th ta="right">{t(k('target'))}</Table.Th>
                  <Table.Th ta="right">{t(k('actual'))}</Table.Th>
                  <Table.Th ta="right">{t(k('invoices'))}</Table.Th>
                  <Table.Th ta="right">{t(k('achievement'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.months.map((m) => (
                  <Table.Tr key={m.month}>
                    <Table.Td>{monthName(m.month, lang)}</Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {m.target_amount === null ? '—' : formatNumber(m.target_amount, lang, true)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(m.actual_amount, lang, true)}
                    </Table.Td>
                    <Table.Td ta="right">{formatNumber(m.invoice_count, lang)}</Table.Td>
                    <Table.Td ta="right">
                      <PctBadge value={m.achievement_pct} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
              <Table.Tfoot>
                <Table.Tr fw={700}>
                  <Table.Td>{t(k('total'))}</Table.Td>
                  <Table.Td ta="right">{formatNumber(d.target_amount, lang, true)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(d.actual_amount, lang, true)}</Table.Td>
                  <Table.Td ta="right">{formatNumber(d.invoice_count, lang)}</Table.Td>
                  <Table.Td ta="right">
                    <PctBadge value={d.achievement_pct} />
                  </Table.Td>
                </Table.Tr>
              </Table.Tfoot>
            </Table>
          </Table.ScrollContainer>
        </>
      ) : q.isPending ? (
        <Loader size="sm" />
      ) : null}
    </Stack>
  );
}
