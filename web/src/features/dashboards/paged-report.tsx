// The frame of the dashboards' paged reports (stores, master stores, virtual-account payments): the
// filters kept in the URL (a filter change goes back to page 1), a typed search sent once typing
// pauses, and the table of one page with its row count, pager and an export of every page.
import { Group, Text, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ReactNode } from 'react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Query } from '../../app/api-client';
import { SearchSelect } from '../../components/form/search-select';
import { branchSource, regionGroupSource, regionSource } from '../common-sources';
import {
  type Column,
  count,
  DataTable,
  ExportXlsx,
  fetchAllPages,
  Loading,
  Pager,
  Section,
  useDashboard,
  useUrlState,
} from './dashboard-shared';

const PAGE_SIZE = 20;

/**
 * The typed search: `search` follows the box, `debounced` is what the report asks for (300 ms after
 * the last key). Typing goes back to page 1.
 */
export function useReportSearch() {
  const u = useUrlState();
  const [search, setSearch] = useState(u.get('search'));
  const [debounced] = useDebouncedValue(search, 300);
  const box: Pick<TextInputProps, 'value' | 'onChange'> = {
    value: search,
    onChange: (e) => {
      setSearch(e.currentTarget.value);
      u.set({ page: null });
    },
  };
  return { debounced, box };
}

/** The search box of a paged report (the props come from useReportSearch). */
export function ReportSearch(props: TextInputProps) {
  return <TextInput w={{ base: '100%', sm: 240 }} {...props} />;
}

const PLACES = {
  region_group_id: { source: regionGroupSource, level: 'dashboards.levels.group' },
  region_id: { source: regionSource, level: 'dashboards.levels.region' },
  branch_id: { source: branchSource, level: 'dashboards.levels.branch' },
} as const;

/**
 * The place filters of a report, each a URL parameter with its box width; a change goes back to
 * page 1. `labelled`: each box has its level as label and "all" as placeholder (else the level is the
 * placeholder).
 */
export function PlaceFilters({
  places,
  labelled = false,
}: {
  places: [keyof typeof PLACES, number][];
  labelled?: boolean;
}) {
  const { t } = useTranslation();
  const u = useUrlState();
  return places.map(([param, width]) => (
    <SearchSelect
      key={param}
      source={PLACES[param].source}
      value={u.get(param) || null}
      onChange={(v) => u.set({ [param]: v, page: null })}
      label={labelled ? t(PLACES[param].level) : undefined}
      placeholder={labelled ? t('dashboards.all') : t(PLACES[param].level)}
      clearable
      w={{ base: '100%', sm: width }}
    />
  ));
}

/**
 * One page of a paged dashboard call (`page` in the URL) under `title`, with the row count, the
 * pager, and an XLSX of every page of the same query (at most `exportCap` rows).
 */
export function PagedReport<R>({
  title,
  path,
  query,
  columns,
  rowKey,
  exportName,
  exportCap,
  testId,
}: {
  title: ReactNode;
  path: string;
  query: Query;
  columns: Column<R>[];
  rowKey(r: R): string | number;
  exportName: string;
  exportCap?: number;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const u = useUrlState();
  const page = Number(u.get('page') || 1);
  const q = useDashboard<R[]>(path, { ...query, page, limit: PAGE_SIZE });
  const rows = q.data?.data ?? [];
  return (
    <>
      <Loading error={q.error} loading={q.isLoading} />
      {q.data ? (
        <Section
          title={title}
          actions={
            <ExportXlsx
              name={exportName}
              rows={rows}
              columns={columns}
              fetchAll={() => fetchAllPages<R>(path, query, exportCap)}
            />
          }
        >
          <DataTable rows={rows} columns={columns} rowKey={rowKey} testId={testId} />
          {q.data.meta ? (
            <Group justify="space-between" mt="xs">
              <Text size="xs" c="dimmed">
                {t('dashboards.rowsCount', { n: count(q.data.meta.total_data, i18n.language) })}
              </Text>
              <Pager
                page={page}
                totalPage={q.data.meta.total_page}
                onChange={(p) => u.set({ page: String(p) })}
              />
            </Group>
          ) : null}
        </Section>
      ) : null}
    </>
  );
}
