// The upload report per branch (GET /upload/report): how many stores uploaded and how many photos
// between two dates, for the chosen regions (and optionally one folder), as a chart and a table.
import '@mantine/charts/styles.css';
import { UPLOAD_PATHS, type UploadReportRow, uploadFolderContract } from '@lbo/contract/uploads';
import { BarChart } from '@mantine/charts';
import { Alert, Group, MultiSelect, Paper, Select, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconInfoCircle } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { usePermissions } from '../../app/use-session';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { PageHeader } from '../../components/layout/page-header';
import { formatNumber } from '../../components/resource/format';
import { NoAccess } from '../../components/resource/no-access';
import { selectSource } from '../../components/resource/resource-api';
import { useOptions } from '../../components/resource/select-options';
import { regionSource } from '../common-sources';

const K = (key: string) => `targets.report.${key}`;
const folderSource = selectSource(uploadFolderContract, (r) => String(r.name));

export function UploadReportPage() {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const perms = usePermissions('upload');
  const [range, setRange] = useState<[string | null, string | null]>([
    dayjs().startOf('month').format('YYYY-MM-DD'),
    dayjs().format('YYYY-MM-DD'),
  ]);
  const [applied, setApplied] = useState(range);
  const [regionIds, setRegionIds] = useState<string[]>([]);
  const [folder, setFolder] = useState<string | null>(null);
  const regions = useOptions(regionSource);
  const folders = useOptions(folderSource);
  const query = {
    start_date: applied[0] ?? undefined,
    end_date: applied[1] ?? undefined,
    region_ids: regionIds.length > 0 ? regionIds.join(',') : undefined,
    upload_folder_id: folder ?? undefined,
  };
  const q = useQuery({
    queryKey: ['upload_report', query],
    queryFn: async ({ signal }) =>
      (await api.get<UploadReportRow[]>(UPLOAD_PATHS.report, query, signal)).data,
    placeholderData: keepPreviousData,
    enabled: perms.view,
  });
  if (!perms.view) return <NoAccess />;
  const rows = q.data ?? [];
  const withUploads = rows.filter((r) => r.photo_count > 0);
  const chart = withUploads.slice(0, 20).map((r) => ({
    branch: r.branch.name,
    [t(K('stores'))]: r.store_count,
    [t(K('photos'))]: r.photo_count,
  }));
  const totalStores = rows.reduce((s, r) => s + r.store_count, 0);
  const totalPhotos = rows.reduce((s, r) => s + r.photo_count, 0);

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: t('pages.upload_report.title') }]}
        title={t('pages.upload_report.title')}
      />
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <DatePickerInput
            type="range"
            label={t(K('period'))}
            valueFormat="DD MMM YYYY"
            clearable
            allowSingleDateInRange
            value={range}
            onChange={(v) => {
              const [a, b] = v as [string | null, string | null];
              setRange([a, b]);
              if ((a && b) || (!a && !b)) setApplied([a, b]);
            }}
            w={{ base: '100%', sm: 260 }}
          />
          <MultiSelect
            label={t(K('regions'))}
            data={regions.grouped}
            value={regionIds}
            onChange={setRegionIds}
            clearable
            searchable
            w={{ base: '100%', sm: 320 }}
          />
          <Select
            label={t(K('folder'))}
            data={folders.options}
            value={folder}
            onChange={setFolder}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
      </Paper>
      {q.isError ? <ErrorAlert error={q.error} onRetry={() => q.refetch()} /> : null}
      <SimpleGrid cols={{ base: 1, sm: 3 }}>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(K('branchesWith'))}
          </Text>
          <Text fw={700} size="xl">
            {formatNumber(withUploads.length, lang)} / {formatNumber(rows.length, lang)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(K('stores'))}
          </Text>
          <Text fw={700} size="xl" data-testid="report-stores">
            {formatNumber(totalStores, lang)}
          </Text>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {t(K('photos'))}
          </Text>
          <Text fw={700} size="xl" data-testid="report-photos">
            {formatNumber(totalPhotos, lang)}
          </Text>
        </Paper>
      </SimpleGrid>
      {q.isSuccess && withUploads.length === 0 ? (
        <Alert color="yellow" icon={<IconInfoCircle size={18} />}>
          {t(K('none'))}
        </Alert>
      ) : null}
      {chart.length > 0 ? (
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="sm">
            {t(K('chartTitle'))}
          </Text>
          <BarChart
            h={Math.max(220, chart.length * 34)}
            data={chart}
            dataKey="branch"
            orientation="vertical"
            yAxisProps={{ width: 140 }}
            series={[
              { name: t(K('photos')), color: 'blue.6' },
              { name: t(K('stores')), color: 'teal.6' },
            ]}
            withLegend
            legendProps={{ verticalAlign: 'top', height: 36 }}
            aria-label={t(K('chartTitle'))}
          />
        </Paper>
      ) : null}
      {rows.length > 0 ? (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={520}>
            <Table striped verticalSpacing={6} fz="sm" data-testid="upload-report-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t(K('branch'))}</Table.Th>
                  <Table.Th>{t(K('region'))}</Table.Th>
                  <Table.Th ta="right">{t(K('stores'))}</Table.Th>
                  <Table.Th ta="right">{t(K('photos'))}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.branch.id}>
                    <Table.Td>
                      {r.branch.name}{' '}
                      <Text span size="xs" c="dimmed">
                        {r.branch.code}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.branch.region_name}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.store_count, lang)}</Table.Td>
                    <Table.Td ta="right">{formatNumber(r.photo_count, lang)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
    </Stack>
  );
}
