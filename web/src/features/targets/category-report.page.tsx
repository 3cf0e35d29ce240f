// Target category volume (and the older target category): import a file, and the report of every
// target against what the customer bought of that category in its period, with SPEC.md's filters
// (customer, region group, region, branch, categories, dates), paging, sorting and export. SPEC.md's
// two alerts are inline: no rows -> "data not found", a failed fetch -> "an error occurred while
// fetching data" (in the chosen language).
import type { CsvType } from '@lbo/contract/csv';
import type { ResourceContract } from '@lbo/contract/resource';
import {
  type CategoryKind,
  type CategoryReportRow,
  targetCategoryImport,
  targetCategoryVolumeImport,
} from '@lbo/contract/targets';
import {
  Alert,
  Button,
  Group,
  Menu,
  MultiSelect,
  Pagination,
  Paper,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
  UnstyledButton,
} from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { useDebouncedValue } from '@mantine/hooks';
import {
  IconAlertTriangle,
  IconChevronDown,
  IconChevronUp,
  IconDownload,
  IconFileImport,
  IconInfoCircle,
  IconSearch,
} from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api, type Query } from '../../app/api-client';
import { usePermissions } from '../../app/use-session';
import { downloadBlob, type ExportCell, exportFile, fetchAllRows } from '../../components/export/export';
import { notifyError, notifySuccess } from '../../components/feedback/notify';
import { ImportDialog } from '../../components/import/import-dialog';
import { PageHeader } from '../../components/layout/page-header';
import { formatDate, formatNumber } from '../../components/resource/format';
import { NoAccess } from '../../components/resource/no-access';
import { useOptions } from '../../components/resource/select-options';
import { branchSource, itemCategorySource, regionGroupSource, regionSource } from '../common-sources';
import { PctBadge } from './customer-targets';

type PageMeta = { page: number; limit: number; total_data: number; total_page: number };
const SORTABLE = ['customer_name', 'customer_code', 'branch_name', 'name', 'period_start', 'target'] as const;
type SortKey = (typeof SORTABLE)[number];

const AREAS = {
  volume: {
    page: 'target_category_volume',
    path: '/target_category_volume/report',
    contract: targetCategoryVolumeImport,
  },
  amount: { page: 'target_category', path: '/target_category/report', contract: targetCategoryImport },
} as const;

const quarterStart = () =>
  dayjs()
    .startOf('month')
    .subtract(dayjs().month() % 3, 'month');

export function TargetCategoryVolumePage() {
  return <CategoryReport kind="volume" />;
}
export function TargetCategoryPage() {
  return <CategoryReport kind="amount" />;
}

function CategoryReport({ kind }: { kind: CategoryKind }) {
  const { t, i18n } = useTranslation();
  const lang = i18n.language;
  const area = AREAS[kind];
  const k = (key: string, o?: Record<string, unknown>) => t(`targets.category.${key}`, o);
  const perms = usePermissions('target');
  const qc = useQueryClient();
  const [open, setOpen] = useState(false);
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search.trim(), 350);
  const [regionGroup, setRegionGroup] = useState<string | null>(null);
  const [region, setRegion] = useState<string | null>(null);
  const [branch, setBranch] = useState<string | null>(null);
  const [names, setNames] = useState<string[]>([]);
  const [range, setRange] = useState<[string | null, string | null]>([
    quarterStart().format('YYYY-MM-DD'),
    quarterStart().add(3, 'month').subtract(1, 'day').format('YYYY-MM-DD'),
  ]);
  const [sort, setSort] = useState<{ by: SortKey; dir: 'asc' | 'desc' }>({ by: 'customer_name', dir: 'asc' });
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState('20');

  const regionGroups = useOptions(regionGroupSource);
  const regions = useOptions(regionSource, regionGroup ? { region_group_id: regionGroup } : undefined);
  const branches = useOptions(branchSource, region ? { region_id: region } : undefined);
  const categories = useOptions(itemCategorySource);

  const query: Query = {
    page,
    limit,
    by: sort.by,
    sort: sort.dir,
    search: debounced || undefined,
    region_group_id: regionGroup ?? undefined,
    region_id: region ?? undefined,
    branch_id: branch ?? undefined,
    names: names.length > 0 ? names.join(',') : undefined,
    start_date: range[0] ?? undefined,
    end_date: range[1] ?? undefined,
  };
  const report = useQuery({
    queryKey: ['category_report', kind, query],
    queryFn: async ({ signal }) => {
      const res = await api.get<CategoryReportRow[]>(area.path, query, signal);
      return { rows: res.data, meta: res.meta as PageMeta };
    },
    placeholderData: keepPreviousData,
    retry: false,
  });
  // Any filter change starts again from the first page.
  const reset =
    <T,>(set: (v: T) => void) =>
    (v: T) => {
      set(v);
      setPage(1);
    };

  const exportRows = async (format: 'csv' | 'xlsx') => {
    try {
      const contract = { name: area.page, paths: { list: area.path } } as unknown as ResourceContract;
      const { page: _p, limit: _l, ...rest } = query;
      const { rows } = await fetchAllRows(contract, rest);
      // Target, actual and percentage are numbers; the rest is text.
      const columns: [string, (r: CategoryReportRow) => ExportCell, CsvType][] = [
        [k('customerCode'), (r) => r.customer_code, 'text'],
        [k('customerName'), (r) => r.customer_name, 'text'],
        [k('branch'), (r) => r.branch_name, 'text'],
        [k('region'), (r) => r.region_name, 'text'],
        [k('name'), (r) => r.name, 'text'],
        [k('periodStart'), (r) => r.period_start, 'text'],
        [k('periodEnd'), (r) => r.period_end, 'text'],
        [k('target'), (r) => r.target, 'number'],
        [k('actual'), (r) => r.actual, 'number'],
        [k('percentage'), (r) => r.percentage, 'number'],
        [k('uom'), (r) => r.uom, 'text'],
      ];
      const headers = columns.map(([h]) => h);
      const cells = (rows as unknown as CategoryReportRow[]).map((r) => columns.map(([, value]) => value(r)));
      const name = `${area.page}-${dayjs().format('YYYYMMDD-HHmm')}.${format}`;
      const types = columns.map(([, , type]) => type);
      const blob = await exportFile(format, t(`pages.${area.page}.title`), headers, cells, types);
      downloadBlob(blob, name);
    } catch (e) {
      notifyError(e, t, t('export.failed'));
    }
  };

  if (!perms.view) return <NoAccess />;
  const rows = report.data?.rows ?? [];
  const meta = report.data?.meta;

  const header = (key: SortKey, label: string, right = false) => (
    <Table.Th ta={right ? 'right' : undefined}>
      <UnstyledButton
        onClick={() => {
          setSort((s) => ({ by: key, dir: s.by === key && s.dir === 'asc' ? 'desc' : 'asc' }));
          setPage(1);
        }}
        fw={600}
        fz="sm"
        aria-label={k('sortBy', { column: label })}
      >
        <Group gap={4} wrap="nowrap" justify={right ? 'flex-end' : undefined}>
          {label}
          {sort.by === key ? (
            sort.dir === 'asc' ? (
              <IconChevronUp size={14} />
            ) : (
              <IconChevronDown size={14} />
            )
          ) : null}
        </Group>
      </UnstyledButton>
    </Table.Th>
  );

  return (
    <Stack gap="lg">
      <PageHeader
        crumbs={[{ label: t(`pages.${area.page}.title`) }]}
        title={t(`pages.${area.page}.title`)}
        actions={
          <>
            <Menu position="bottom-end">
              <Menu.Target>
                <Button variant="default" leftSection={<IconDownload size={16} />}>
                  {t('export.button')}
                </Button>
              </Menu.Target>
              <Menu.Dropdown>
                <Menu.Item onClick={() => exportRows('csv')}>{t('export.csv')}</Menu.Item>
                <Menu.Item onClick={() => exportRows('xlsx')}>{t('export.xlsx')}</Menu.Item>
              </Menu.Dropdown>
            </Menu>
            {perms.create ? (
              <Button leftSection={<IconFileImport size={16} />} onClick={() => setOpen(true)}>
                {k('import')}
              </Button>
            ) : null}
          </>
        }
      />
      <Text size="sm" c="dimmed">
        {k(kind === 'volume' ? 'explainVolume' : 'explainAmount')}
      </Text>
      <Paper withBorder p="md" radius="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <TextInput
            label={k('search')}
            placeholder={k('searchPlaceholder')}
            leftSection={<IconSearch size={16} />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setPage(1);
            }}
            w={{ base: '100%', sm: 220 }}
          />
          <Select
            label={k('regionGroup')}
            data={regionGroups.options}
            value={regionGroup}
            onChange={(v) => {
              setRegionGroup(v);
              setRegion(null);
              setBranch(null);
              setPage(1);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 180 }}
          />
          <Select
            label={k('region')}
            data={regions.options}
            value={region}
            onChange={(v) => {
              setRegion(v);
              setBranch(null);
              setPage(1);
            }}
            clearable
            searchable
            w={{ base: '100%', sm: 180 }}
          />
          <Select
            label={k('branch')}
            data={branches.options}
            value={branch}
            onChange={reset(setBranch)}
            clearable
            searchable
            w={{ base: '100%', sm: 200 }}
          />
          <MultiSelect
            label={k('names')}
            data={[...new Set(categories.options.map((o) => o.label))]}
            value={names}
            onChange={reset(setNames)}
            clearable
            searchable
            w={{ base: '100%', sm: 260 }}
          />
          <DatePickerInput
            type="range"
            label={k('period')}
            valueFormat="DD MMM YYYY"
            clearable
            allowSingleDateInRange
            value={range}
            onChange={(v) => {
              const [a, b] = v as [string | null, string | null];
              if ((a && b) || (!a && !b)) {
                setRange([a, b]);
                setPage(1);
              } else setRange([a, b]);
            }}
            w={{ base: '100%', sm: 260 }}
          />
        </Group>
      </Paper>

      {report.isError ? (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          title={k('fetchFailed')}
          data-testid="report-error"
        >
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">{k('fetchFailedHint')}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => report.refetch()}>
              {t('actions.retry', { defaultValue: k('retry') })}
            </Button>
          </Group>
        </Alert>
      ) : report.isSuccess && rows.length === 0 ? (
        <Alert
          color="yellow"
          icon={<IconInfoCircle size={18} />}
          title={k('notFound')}
          data-testid="report-empty"
        >
          {k('notFoundHint')}
        </Alert>
      ) : null}

      {rows.length > 0 ? (
        <Paper withBorder radius="md">
          <Table.ScrollContainer minWidth={900}>
            <Table striped highlightOnHover verticalSpacing={6} fz="sm" data-testid="category-report">
              <Table.Thead>
                <Table.Tr>
                  {header('customer_name', k('customerName'))}
                  {header('branch_name', k('branch'))}
                  {header('name', k('name'))}
                  {header('period_start', k('periodStart'))}
                  {header('target', k('target'), true)}
                  <Table.Th ta="right">{k('actual')}</Table.Th>
                  <Table.Th ta="right">{k('percentage')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {r.customer_name}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.customer_code}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{r.branch_name}</Text>
                      <Text size="xs" c="dimmed">
                        {r.region_name}
                      </Text>
                    </Table.Td>
                    <Table.Td>{r.name}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>
                      {formatDate(r.period_start)} – {formatDate(r.period_end)}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(r.target, lang, kind === 'amount')} {kind === 'volume' ? r.uom : ''}
                    </Table.Td>
                    <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                      {formatNumber(r.actual, lang, kind === 'amount')} {kind === 'volume' ? r.uom : ''}
                    </Table.Td>
                    <Table.Td ta="right">
                      <PctBadge value={r.percentage} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Paper>
      ) : null}
      {meta && meta.total_data > 0 ? (
        <Group justify="space-between" wrap="wrap">
          <Text size="sm" c="dimmed">
            {k('total', { count: meta.total_data })}
          </Text>
          <Group gap="xs">
            <Select
              aria-label={k('perPage')}
              data={['10', '20', '50', '100']}
              value={limit}
              onChange={(v) => {
                if (v) setLimit(v);
                setPage(1);
              }}
              w={80}
              allowDeselect={false}
            />
            <Pagination value={page} onChange={setPage} total={meta.total_page} size="sm" />
          </Group>
        </Group>
      ) : null}
      <ImportDialog
        opened={open}
        onClose={() => setOpen(false)}
        contract={area.contract}
        title={k('importTitle')}
        onDone={(r) => {
          void qc.invalidateQueries({ queryKey: ['category_report', kind] });
          notifySuccess(k('imported', { inserted: r.inserted, updated: r.updated, unchanged: r.unchanged }));
        }}
      />
    </Stack>
  );
}
