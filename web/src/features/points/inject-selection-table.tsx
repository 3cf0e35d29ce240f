// The customers chosen for an injection: code, name, branch, current balance (and the balance after
// the injection in the preview), each one's lookup state and what the server said about it.
import { ActionIcon, Badge, Button, Group, Paper, Stack, Text, Tooltip } from '@mantine/core';
import { IconTrash, IconUserX } from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../components/resource/format';
import type { Picked, useInjectSelection } from './use-inject-selection';

type Selection = ReturnType<typeof useInjectSelection>;
const T = 'resources.point_injected.wizard';
const PAGE = 10;

export function SelectionTable({
  selection,
  title,
  addPoints,
  readOnly,
}: {
  selection: Selection;
  title: string;
  /** Preview: show the balance after adding this many points. */
  addPoints?: number;
  readOnly?: boolean;
}) {
  const { t, i18n } = useTranslation();
  const n = (v: number) => formatNumber(v, i18n.language);
  const { items } = selection;
  const [page, setPage] = useState(1);
  const pages = Math.max(1, Math.ceil(items.length / PAGE));
  useEffect(() => {
    if (page > pages) setPage(pages);
  }, [page, pages]);
  // Rows the server or the lookup complained about come first, so they are seen.
  const ordered = [...items].sort((a, b) => rank(a) - rank(b));
  const shown = ordered.slice((page - 1) * PAGE, page * PAGE);
  const count = (s: Picked['status']) => items.filter((it) => it.status === s).length;
  // Not found by the lookup, or refused by the server's check at the preview.
  const missing = items.filter(
    (it) => it.status === 'missing' || it.status === 'failed' || it.message,
  ).length;
  const editable = !readOnly;

  return (
    <Paper withBorder radius="md" p="sm">
      <Stack gap="xs">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Text fw={600}>{title}</Text>
            {readOnly ? null : (
              <Badge variant="light" color="teal">
                {t(`${T}.statusFound`, { count: count('found') })}
              </Badge>
            )}
            {count('pending') > 0 ? (
              <Badge variant="light" color="blue">
                {t(`${T}.statusPending`, { count: count('pending') })}
              </Badge>
            ) : null}
            {missing > 0 ? (
              <Badge variant="light" color="red">
                {t(`${T}.statusMissing`, { count: missing })}
              </Badge>
            ) : null}
          </Group>
          {editable && items.length > 0 ? (
            <Group gap="xs">
              {missing > 0 ? (
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconUserX size={14} />}
                  onClick={selection.removeUnknown}
                >
                  {t(`${T}.removeUnknown`)}
                </Button>
              ) : null}
              <Button size="xs" variant="subtle" color="gray" onClick={selection.clear}>
                {t(`${T}.clear`)}
              </Button>
            </Group>
          ) : null}
        </Group>
        <DataTable<Picked>
          idAccessor="code"
          records={shown}
          minHeight={items.length === 0 ? 120 : undefined}
          noRecordsText={t(`${T}.none`)}
          verticalSpacing={6}
          striped
          rowColor={(r) =>
            r.message || r.status === 'missing' || r.status === 'failed' ? 'red.8' : undefined
          }
          data-testid="inject-selection"
          columns={[
            {
              accessor: 'code',
              title: t('resources.point_balance.fields.customer_code'),
              noWrap: true,
              render: (r) => (
                <Text span size="sm" ff="monospace">
                  {r.code}
                </Text>
              ),
            },
            {
              accessor: 'name',
              title: t('resources.point_balance.fields.customer_name'),
              render: (r) =>
                r.row ? (
                  r.row.customer_name
                ) : (
                  <Text
                    span
                    size="sm"
                    c={r.status === 'pending' || r.status === 'unchecked' ? 'dimmed' : 'red.8'}
                  >
                    {t(`${T}.lookup.${r.status}`)}
                  </Text>
                ),
            },
            {
              accessor: 'branch',
              title: t('resources.point_balance.fields.branch_name'),
              render: (r) => r.row?.branch_name ?? '',
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            },
            ...(readOnly
              ? [
                  {
                    accessor: 'before',
                    title: t(`${T}.balanceBefore`),
                    textAlign: 'right' as const,
                    noWrap: true,
                    render: (r: Picked) => (r.before === undefined ? '' : n(r.before)),
                  },
                ]
              : []),
            {
              accessor: 'balance',
              title: readOnly ? t(`${T}.balanceNow`) : t(`${T}.balance`),
              textAlign: 'right',
              noWrap: true,
              render: (r) => (r.row ? n(r.row.point_balance) : ''),
            },
            ...(addPoints !== undefined
              ? [
                  {
                    accessor: 'after',
                    title: t(`${T}.balanceAfter`),
                    textAlign: 'right' as const,
                    noWrap: true,
                    render: (r: Picked) =>
                      r.row ? (
                        <Text span size="sm" fw={600} c="teal.8">
                          {n(r.row.point_balance + addPoints)}
                        </Text>
                      ) : (
                        ''
                      ),
                  },
                ]
              : []),
            // What the server said about a customer, only when it said something.
            ...(items.some((it) => it.message)
              ? [
                  {
                    accessor: 'message',
                    title: t(`${T}.note`),
                    render: (r: Picked) => r.message ?? '',
                  },
                ]
              : []),
            ...(editable
              ? [
                  {
                    accessor: 'remove',
                    title: '',
                    width: 48,
                    render: (r: Picked) => (
                      <Tooltip label={t(`${T}.remove`)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => selection.remove(r.code)}
                          aria-label={`${t(`${T}.remove`)}: ${r.code}`}
                        >
                          <IconTrash size={16} />
                        </ActionIcon>
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ]}
          totalRecords={items.length}
          recordsPerPage={PAGE}
          page={page}
          onPageChange={setPage}
          paginationText={({ from, to, totalRecords }) => t('list.range', { from, to, total: totalRecords })}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
        />
      </Stack>
    </Paper>
  );
}

const rank = (p: Picked) => (p.message || p.status === 'missing' || p.status === 'failed' ? 0 : 1);
