// A list on a phone: one card per record (its title links to it, the other columns as label and
// value, the row's buttons at the bottom), with the same paging and sorting as the table.
import { Anchor, Checkbox, Group, Pagination, Paper, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDatabaseOff } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PAGE_SIZES } from './list-state';
import { rangeText } from './list-total';

export type CardColumn = { key: string; label: string; render(row: Record<string, unknown>): ReactNode };

export function RecordCards<R extends Record<string, unknown>>({
  rows,
  idOf,
  titleOf,
  linkOf,
  columns,
  actions,
  total,
  totalEstimated = false,
  page,
  limit,
  onPage,
  onLimit,
  sortOptions,
  sortValue,
  onSort,
  emptyText,
  fetching,
  selection,
}: {
  rows: R[];
  idOf(row: R): string;
  titleOf(row: R): ReactNode;
  /** Where the card's title leads (none: plain text). */
  linkOf?(row: R): string | undefined;
  columns: CardColumn[];
  actions?(row: R): ReactNode;
  total: number;
  /** `total` is an estimate (list-total.ts): the range says "about N". */
  totalEstimated?: boolean;
  page: number;
  limit: number;
  onPage(page: number): void;
  onLimit(limit: number): void;
  sortOptions: { value: string; label: string }[];
  sortValue: string | null;
  onSort(value: string): void;
  emptyText: string;
  fetching: boolean;
  selection?: { isSelected(row: R): boolean; toggle(row: R, on: boolean): void; label(row: R): string };
}) {
  const { t, i18n } = useTranslation();
  const pages = Math.max(1, Math.ceil(total / limit));
  const from = total === 0 ? 0 : (page - 1) * limit + 1;
  const to = Math.min(total, page * limit);
  return (
    <Stack gap="sm" data-testid="record-cards" aria-busy={fetching}>
      {sortOptions.length > 0 ? (
        <Select
          label={t('list.sortBy')}
          placeholder={t('list.sortDefault')}
          size="xs"
          data={sortOptions}
          value={sortValue}
          onChange={(v) => (v ? onSort(v) : undefined)}
          allowDeselect={false}
          maw={320}
        />
      ) : null}
      {rows.length === 0 && !fetching ? (
        <Stack align="center" gap={4} py="xl" c="dimmed">
          <IconDatabaseOff size={32} stroke={1.5} />
          <Text size="sm">{emptyText}</Text>
        </Stack>
      ) : null}
      {rows.map((r) => {
        const to = linkOf?.(r);
        return (
          <Paper key={idOf(r)} withBorder radius="md" p="sm" data-testid="record-card" component="article">
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
                {selection ? (
                  <Checkbox
                    aria-label={selection.label(r)}
                    checked={selection.isSelected(r)}
                    onChange={(e) => selection.toggle(r, e.currentTarget.checked)}
                  />
                ) : null}
                {to ? (
                  <Anchor component={Link} to={to} fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {titleOf(r)}
                  </Anchor>
                ) : (
                  <Text fw={600} size="sm" style={{ overflowWrap: 'anywhere' }}>
                    {titleOf(r)}
                  </Text>
                )}
              </Group>
              {actions ? <div style={{ flexShrink: 0 }}>{actions(r)}</div> : null}
            </Group>
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={4} mt="xs">
              {columns.map((c) => (
                <div key={c.key} style={{ minWidth: 0 }}>
                  <Text size="xs" c="dimmed">
                    {c.label}
                  </Text>
                  <Text size="sm" component="div" style={{ overflowWrap: 'anywhere' }}>
                    {c.render(r)}
                  </Text>
                </div>
              ))}
            </SimpleGrid>
          </Paper>
        );
      })}
      <Group justify="space-between" gap="xs">
        <Text size="xs" c="dimmed">
          {rangeText(t, i18n.language, { from, to, total, estimated: totalEstimated })}
        </Text>
        <Select
          size="xs"
          w={80}
          aria-label={t('list.perPage')}
          data={PAGE_SIZES.map(String)}
          value={String(limit)}
          onChange={(v) => (v ? onLimit(Number(v)) : undefined)}
          allowDeselect={false}
        />
      </Group>
      {pages > 1 ? (
        <Pagination
          total={pages}
          value={page}
          onChange={onPage}
          size="sm"
          siblings={0}
          getControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
        />
      ) : null}
    </Stack>
  );
}
