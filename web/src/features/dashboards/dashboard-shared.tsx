// Pieces every dashboard screen shares: rupiah formatting, the date range with presets (kept in the
// URL), category / item multi-selects, a data table whose rows can be clicked, and XLSX export of
// what a table shows (or of every page of a paged call).
import { Button, Card, Group, MultiSelect, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { IconDownload } from '@tabler/icons-react';
import dayjs from 'dayjs';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { api, type Query } from '../../app/api-client';
import { downloadBlob, type ExportCell, toXlsx } from '../../components/export/export';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifyError } from '../../components/feedback/notify';
import { PageSpinner } from '../../components/feedback/page-spinner';
import { useOptions } from '../../components/resource/select-options';
import { itemCategorySource, itemSource } from '../common-sources';
import { count, rupiah } from './dashboard-core';

export { count, rupiah, rupiahShort, useDashboard } from './dashboard-core';

export type Range = { start_date: string; end_date: string };
export const PRESETS = ['this_month', 'last_month', 'this_quarter', 'year_to_date'] as const;
export type Preset = (typeof PRESETS)[number];

export function presetRange(p: Preset, today = dayjs()): Range {
  const f = (d: dayjs.Dayjs) => d.format('YYYY-MM-DD');
  switch (p) {
    case 'last_month': {
      const m = today.startOf('month').subtract(1, 'month');
      return { start_date: f(m), end_date: f(m.endOf('month')) };
    }
    case 'this_quarter': {
      const q = Math.floor(today.month() / 3) * 3;
      return { start_date: f(today.month(q).startOf('month')), end_date: f(today) };
    }
    case 'year_to_date':
      return { start_date: f(today.startOf('year')), end_date: f(today) };
    default:
      return { start_date: f(today.startOf('month')), end_date: f(today) };
  }
}

/** Reads and writes URL search parameters (the state of a screen survives a reload and a shared link). */
export function useUrlState() {
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const getList = (k: string) => (params.get(k) ? params.get(k)!.split(',').filter(Boolean) : []);
  const set = (changes: Record<string, string | string[] | null | undefined>) => {
    setParams(
      (prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          const s = Array.isArray(v) ? v.join(',') : (v ?? '');
          if (s) next.set(k, s);
          else next.delete(k);
        }
        return next;
      },
      { replace: false },
    );
  };
  return { get, getList, set };
}

/** The range in the URL (default this month up to today). */
export function useRange(): [Range, (r: Range) => void] {
  const u = useUrlState();
  const def = presetRange('this_month');
  const range = {
    start_date: u.get('start_date') || def.start_date,
    end_date: u.get('end_date') || def.end_date,
  };
  return [range, (r) => u.set({ start_date: r.start_date, end_date: r.end_date, page: null })];
}

export function RangeBar({ range, onChange }: { range: Range; onChange(r: Range): void }) {
  const { t } = useTranslation();
  const preset = PRESETS.find((p) => {
    const r = presetRange(p);
    return r.start_date === range.start_date && r.end_date === range.end_date;
  });
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <DatePickerInput
        type="range"
        label={t('dashboards.range')}
        valueFormat="DD MMM YYYY"
        value={[range.start_date, range.end_date]}
        onChange={(v) => {
          const [a, b] = v as [string | Date | null, string | Date | null];
          if (a && b)
            onChange({ start_date: dayjs(a).format('YYYY-MM-DD'), end_date: dayjs(b).format('YYYY-MM-DD') });
        }}
        allowSingleDateInRange
        w={{ base: '100%', sm: 260 }}
        data-testid="range-picker"
      />
      <Group
        gap={4}
        wrap="wrap"
        data-testid="range-presets"
        role="group"
        aria-label={t('dashboards.presetsLabel')}
      >
        {PRESETS.map((p) => (
          <Button
            key={p}
            size="compact-sm"
            variant={preset === p ? 'filled' : 'default'}
            aria-pressed={preset === p}
            onClick={() => onChange(presetRange(p))}
          >
            {t(`dashboards.presets.${p}`)}
          </Button>
        ))}
      </Group>
    </Group>
  );
}

/** Item category and item multi-selects (values in the URL as `item_category_ids`, `item_ids`). */
export function ProductFilters() {
  const { t } = useTranslation();
  const u = useUrlState();
  const cats = useOptions(itemCategorySource);
  const items = useOptions(itemSource);
  return (
    <Group gap="sm" wrap="wrap" align="flex-end">
      <MultiSelect
        label={t('dashboards.categories')}
        placeholder={u.getList('item_category_ids').length ? undefined : t('dashboards.all')}
        data={cats.options}
        value={u.getList('item_category_ids')}
        onChange={(v) => u.set({ item_category_ids: v, page: null })}
        searchable
        clearable
        w={{ base: '100%', sm: 280 }}
        data-testid="filter-categories"
      />
      <MultiSelect
        label={t('dashboards.items')}
        placeholder={u.getList('item_ids').length ? undefined : t('dashboards.all')}
        data={items.options}
        value={u.getList('item_ids')}
        onChange={(v) => u.set({ item_ids: v, page: null })}
        searchable
        clearable
        limit={100}
        w={{ base: '100%', sm: 320 }}
        data-testid="filter-items"
      />
    </Group>
  );
}

/**
 * A dashboard table's column: `key` is a field of the contract's row type, so a field renamed in the
 * contract breaks the build; a column drawn from several fields is marked `computed`.
 */
export type Column<R> = ColumnOptions<R> &
  ({ key: keyof R & string; computed?: never } | { key: string; computed: true; render(row: R): ReactNode });

type ColumnOptions<R> = {
  label: string;
  kind?: 'money' | 'count' | 'text' | 'date' | 'datetime' | 'boolean';
  render?(row: R): ReactNode;
  /** The value written to the export (default: the row's value). */
  exportValue?(row: R): ExportCell;
};

export function cellText<R>(c: Column<R>, row: R, lang: string, t: (k: string) => string): ReactNode {
  if (c.render) return c.render(row);
  const v = (row as Record<string, unknown>)[c.key];
  if (v === null || v === undefined || v === '') return '—';
  switch (c.kind) {
    case 'money':
      return rupiah(v, lang);
    case 'count':
      return count(v, lang);
    case 'date':
      return dayjs(String(v)).format('DD MMM YYYY');
    case 'datetime':
      return dayjs(String(v)).format('DD MMM YYYY HH:mm');
    case 'boolean':
      return v ? t('common.yes') : t('common.no');
    default:
      return String(v);
  }
}

const exportCell = <R,>(c: Column<R>, row: R, t: (k: string) => string): ExportCell => {
  if (c.exportValue) return c.exportValue(row);
  const v = (row as Record<string, unknown>)[c.key];
  if (v === null || v === undefined) return null;
  if (c.kind === 'boolean') return v ? t('common.yes') : t('common.no');
  if (c.kind === 'date' || c.kind === 'datetime')
    return dayjs(String(v)).format(c.kind === 'date' ? 'YYYY-MM-DD' : 'YYYY-MM-DD HH:mm');
  return v as ExportCell;
};

/** XLSX of rows (the ones on screen, or `fetchAll` for every page of a paged call). */
export function ExportXlsx<R>({
  name,
  rows,
  columns,
  fetchAll,
}: {
  name: string;
  rows: R[];
  columns: Column<R>[];
  fetchAll?: () => Promise<R[]>;
}) {
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const run = async () => {
    setBusy(true);
    try {
      const all = fetchAll ? await fetchAll() : rows;
      const cells = all.map((r) => columns.map((c) => exportCell(c, r, t)));
      const blob = await toXlsx(
        name,
        columns.map((c) => c.label),
        cells,
      );
      downloadBlob(blob, `${name}-${dayjs().format('YYYYMMDD-HHmm')}.xlsx`);
    } catch (e) {
      notifyError(e, t, t('export.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      size="xs"
      variant="light"
      leftSection={<IconDownload size={14} />}
      onClick={run}
      loading={busy}
      data-testid={`export-${name}`}
    >
      {t('dashboards.exportXlsx')}
    </Button>
  );
}

/** Every page of a paged dashboard call (limit 100), for an export. */
export async function fetchAllPages<R>(path: string, query: Query, cap = 20_000): Promise<R[]> {
  const out: R[] = [];
  for (let page = 1; out.length < cap; page++) {
    const res = await api.get<R[]>(path, { ...query, page, limit: 100 });
    out.push(...res.data);
    if (!res.meta || page >= res.meta.total_page) break;
  }
  return out;
}

export function DataTable<R>({
  rows,
  columns,
  rowKey,
  onRowClick,
  testId,
  totals,
}: {
  rows: R[];
  columns: Column<R>[];
  rowKey(r: R): string | number;
  onRowClick?(r: R): void;
  testId?: string;
  totals?: Partial<Record<string, ReactNode>>;
}) {
  const { t, i18n } = useTranslation();
  const right = (c: Column<R>) => (c.kind === 'money' || c.kind === 'count' ? 'right' : undefined);
  return (
    <Table.ScrollContainer minWidth={560}>
      <Table striped highlightOnHover={!!onRowClick} data-testid={testId} verticalSpacing={6}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.key} ta={right(c)} style={{ whiteSpace: 'nowrap' }}>
                {c.label}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text c="dimmed" ta="center" py="md">
                  {t('dashboards.noRows')}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((r) => (
              <Table.Tr
                key={rowKey(r)}
                onClick={onRowClick ? () => onRowClick(r) : undefined}
                style={onRowClick ? { cursor: 'pointer' } : undefined}
                tabIndex={onRowClick ? 0 : undefined}
                onKeyDown={onRowClick ? (e) => e.key === 'Enter' && onRowClick(r) : undefined}
              >
                {columns.map((c) => (
                  <Table.Td
                    key={c.key}
                    ta={right(c)}
                    style={{ whiteSpace: c.kind === 'text' || !c.kind ? undefined : 'nowrap' }}
                  >
                    {cellText(c, r, i18n.language, t)}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))
          )}
        </Table.Tbody>
        {totals && rows.length > 0 ? (
          <Table.Tfoot>
            <Table.Tr>
              {columns.map((c, i) => (
                <Table.Th key={c.key} ta={right(c)} style={{ whiteSpace: 'nowrap' }}>
                  {i === 0 ? t('dashboards.total') : (totals[c.key] ?? '')}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

/** Sums of the money / count columns of rows, formatted, for a table's footer. */
export function totalsOf<R>(rows: R[], columns: Column<R>[], lang: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const c of columns) {
    if (c.kind !== 'money' && c.kind !== 'count') continue;
    const s = rows.reduce((a, r) => a + Number((r as Record<string, unknown>)[c.key] ?? 0), 0);
    out[c.key] = c.kind === 'money' ? rupiah(s, lang) : count(s, lang);
  }
  return out;
}

export function Section({
  title,
  actions,
  children,
}: {
  title: ReactNode;
  actions?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card withBorder radius="md" padding="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={4}>{title}</Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Card>
  );
}

export function Loading({ error, loading }: { error: unknown; loading: boolean }) {
  if (error) return <ErrorAlert error={error} />;
  return loading ? <PageSpinner height={160} /> : null;
}

export function Pager({
  page,
  totalPage,
  onChange,
}: {
  page: number;
  totalPage: number;
  onChange(p: number): void;
}) {
  if (totalPage <= 1) return null;
  return (
    <Stack align="center" mt="sm">
      <Pagination value={page} total={totalPage} onChange={onChange} size="sm" />
    </Stack>
  );
}

export function StatCard({
  label,
  value,
  money,
  color,
  hint,
}: {
  label: string;
  value: number;
  money?: boolean;
  color?: string;
  hint?: ReactNode;
}) {
  const { i18n } = useTranslation();
  return (
    <Card withBorder radius="md" padding="sm">
      <Text size="xs" c="dimmed" tt="uppercase" fw={700}>
        {label}
      </Text>
      <Text fz={{ base: 'lg', sm: 'xl' }} fw={700} c={color} style={{ fontVariantNumeric: 'tabular-nums' }}>
        {money ? rupiah(value, i18n.language) : count(value, i18n.language)}
      </Text>
      {hint}
    </Card>
  );
}
