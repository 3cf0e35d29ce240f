// The lottery report (GET /lottary/reportdata): lottery coupons counted per region and per branch
// (bar charts and tables, exportable), and per draw period; narrowed by region or branch.
import '@mantine/charts/styles.css';
import { LOTTERY_REPORT_PATH, type LotteryReport } from '@lbo/contract/lottery';
import { BarChart } from '@mantine/charts';
import { Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys } from '../../app/query-keys';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { SearchSelect } from '../../components/form/search-select';
import { PageHeader } from '../../components/layout/page-header';
import { usePageScope } from '../../components/page/page-scope';
import { formatNumber } from '../../components/resource/format';
import { branchSource, regionSource } from '../common-sources';
import { TableExport } from './table-export';

export function LotteryReportPage() {
  const { t, i18n } = useTranslation();
  const { title, crumbs } = usePageScope();
  const [regionId, setRegionId] = useState<string | null>(null);
  const [branchId, setBranchId] = useState<string | null>(null);
  const query = { region_id: regionId ?? '', branch_id: branchId ?? '' };
  const q = useQuery({
    queryKey: resourceKeys('lottery_report').list(query),
    queryFn: async ({ signal }) => (await api.get<LotteryReport>(LOTTERY_REPORT_PATH, query, signal)).data,
  });
  const n = (v: number) => formatNumber(v, i18n.language);
  const data = q.data;
  return (
    <Stack gap="md">
      <PageHeader crumbs={crumbs} title={title} />
      <Group gap="sm" wrap="wrap">
        <SearchSelect
          source={regionSource}
          value={regionId}
          onChange={setRegionId}
          placeholder={t('fields.region_id')}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
        <SearchSelect
          source={branchSource}
          value={branchId}
          onChange={setBranchId}
          placeholder={t('fields.branch_id')}
          clearable
          w={{ base: '100%', sm: 240 }}
        />
      </Group>
      {q.error ? <ErrorAlert error={q.error} /> : null}
      {!data ? (
        q.isLoading ? (
          <PageSpinner height={200} />
        ) : null
      ) : (
        <>
          <Text data-testid="lottery-total">
            {t('coupons.lottery.total', { count: data.total, total: n(data.total) })}
          </Text>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={4}>{t('coupons.lottery.byRegion')}</Title>
                <TableExport
                  name="lottery-by-region"
                  rows={data.by_region}
                  columns={[
                    { key: 'region_name', label: t('fields.region_name') },
                    { key: 'count', label: t('coupons.lottery.count') },
                  ]}
                />
              </Group>
              <BarChart
                h={240}
                data={data.by_region}
                dataKey="region_name"
                series={[{ name: 'count', label: t('coupons.lottery.count'), color: 'teal.6' }]}
                valueFormatter={n}
              />
            </Card>
            <Card withBorder radius="md">
              <Group justify="space-between" mb="sm">
                <Title order={4}>{t('coupons.lottery.byBranch')}</Title>
                <TableExport
                  name="lottery-by-branch"
                  rows={data.by_branch}
                  columns={[
                    { key: 'branch_name', label: t('fields.branch_name') },
                    { key: 'region_name', label: t('fields.region_name') },
                    { key: 'count', label: t('coupons.lottery.count') },
                  ]}
                />
              </Group>
              <BarChart
                h={240}
                data={data.by_branch.slice(0, 15)}
                dataKey="branch_name"
                series={[{ name: 'count', label: t('coupons.lottery.count'), color: 'blue.6' }]}
                valueFormatter={n}
              />
            </Card>
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="md">
            <Card withBorder radius="md">
              <Title order={4} mb="sm">
                {t('coupons.lottery.byBranch')}
              </Title>
              <Table.ScrollContainer minWidth={320}>
                <Table striped data-testid="lottery-by-branch">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>{t('fields.branch_name')}</Table.Th>
                      <Table.Th>{t('fields.region_name')}</Table.Th>
                      <Table.Th ta="right">{t('coupons.lottery.count')}</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {data.by_branch.map((b) => (
                      <Table.Tr key={`${b.branch_id}/${b.region_id}`}>
                        <Table.Td>{b.branch_name}</Table.Td>
                        <Table.Td>{b.region_name}</Table.Td>
                        <Table.Td ta="right">{n(b.count)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            </Card>
            <Card withBorder radius="md">
              <Title order={4} mb="sm">
                {t('coupons.lottery.byPeriod')}
              </Title>
              <Table striped>
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t('fields.period')}</Table.Th>
                    <Table.Th ta="right">{t('coupons.lottery.count')}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {data.periods.map((p) => (
                    <Table.Tr key={p.period}>
                      <Table.Td>{p.period}</Table.Td>
                      <Table.Td ta="right">{n(p.count)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Card>
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
