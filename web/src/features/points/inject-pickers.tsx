// The three ways to choose customers for an injection: search and filter the balance list (tick
// rows, or take every match), paste codes, or import a CSV/XLSX file of codes.
import {
  type CustomerBalanceRow,
  customerBalanceContract,
  MAX_INJECT_CUSTOMERS,
  pointInjectImport,
} from '@lbo/contract/points';
import { Badge, Button, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import {
  IconCheck,
  IconClipboardText,
  IconDownload,
  IconFileImport,
  IconListSearch,
  IconPlus,
} from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import 'mantine-datatable/styles.css';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllRows } from '../../components/export/export';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifyError, notifySuccess } from '../../components/feedback/notify';
import { ImportDialog } from '../../components/import/import-dialog';
import { downloadTemplate } from '../../components/import/import-template';
import { FilterBar } from '../../components/resource/filter-bar';
import { formatNumber } from '../../components/resource/format';
import { type ListState, toApiQuery } from '../../components/resource/list-state';
import { useResourceList } from '../../components/resource/use-resource';
import { codesFromText } from './customer-codes';
import { resource as balances } from './point-balance.resource';
import type { useInjectSelection } from './use-inject-selection';

type Selection = ReturnType<typeof useInjectSelection>;
const T = 'resources.point_injected.wizard';
/** "Add all" fetches the matches page by page: bounded well below what one injection takes. */
const ADD_ALL_CAP = 5000;

export function CustomerPickers({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  return (
    <Tabs defaultValue="search" keepMounted={false}>
      <Tabs.List>
        <Tabs.Tab value="search" leftSection={<IconListSearch size={16} />}>
          {t(`${T}.tabSearch`)}
        </Tabs.Tab>
        <Tabs.Tab value="paste" leftSection={<IconClipboardText size={16} />}>
          {t(`${T}.tabPaste`)}
        </Tabs.Tab>
        <Tabs.Tab value="file" leftSection={<IconFileImport size={16} />}>
          {t(`${T}.tabFile`)}
        </Tabs.Tab>
      </Tabs.List>
      <Tabs.Panel value="search" pt="md">
        <SearchPicker selection={selection} />
      </Tabs.Panel>
      <Tabs.Panel value="paste" pt="md">
        <PastePicker selection={selection} />
      </Tabs.Panel>
      <Tabs.Panel value="file" pt="md">
        <FilePicker selection={selection} />
      </Tabs.Panel>
    </Tabs>
  );
}

function SearchPicker({ selection }: { selection: Selection }) {
  const { t, i18n } = useTranslation();
  const [state, setState] = useState<ListState>({
    page: 1,
    limit: 10,
    by: 'customer_name',
    sort: 'asc',
    search: '',
    filters: {},
  });
  const query = useMemo(() => toApiQuery(state), [state]);
  const list = useResourceList(balances, query);
  const [ticked, setTicked] = useState<CustomerBalanceRow[]>([]);
  const [addingAll, setAddingAll] = useState(false);
  const rows = (list.data?.rows ?? []) as CustomerBalanceRow[];
  const total = list.data?.meta.total_data ?? 0;
  const n = (v: number) => formatNumber(v, i18n.language);
  const update = (patch: Partial<ListState>) => setState((s) => ({ ...s, ...patch }));
  const chosen = useMemo(
    () => new Set(selection.items.map((it) => it.code.toUpperCase())),
    [selection.items],
  );

  const addTicked = () => {
    const added = selection.addRows(ticked);
    setTicked([]);
    notifySuccess(t(`${T}.added`, { count: added }));
  };
  const addAll = async () => {
    setAddingAll(true);
    try {
      const all = await fetchAllRows(customerBalanceContract, query, { cap: ADD_ALL_CAP });
      const added = selection.addRows(all.rows as CustomerBalanceRow[]);
      notifySuccess(t(`${T}.added`, { count: added }));
    } catch (e) {
      notifyError(e, t);
    } finally {
      setAddingAll(false);
    }
  };

  return (
    <Stack gap="xs">
      <FilterBar
        resource={balances}
        state={state}
        onSearch={(search) => update({ search, page: 1 })}
        onFilters={(filters) => update({ filters, page: 1 })}
        onReset={() => update({ search: '', filters: {}, page: 1 })}
      />
      {list.isError ? (
        <ErrorAlert error={list.error} onRetry={() => list.refetch()} title={t('list.loadFailed')} />
      ) : (
        <DataTable<CustomerBalanceRow>
          idAccessor="customer_id"
          records={rows}
          fetching={list.isFetching}
          minHeight={rows.length === 0 ? 160 : undefined}
          verticalSpacing={6}
          striped
          highlightOnHover
          selectedRecords={ticked}
          onSelectedRecordsChange={setTicked}
          // Stores already on the list cannot be ticked again.
          isRecordSelectable={(r) => !chosen.has(r.customer_code.toUpperCase())}
          allRecordsSelectionCheckboxProps={{ 'aria-label': t(`${T}.tickAll`) }}
          getRecordSelectionCheckboxProps={(r) => ({
            'aria-label': t(`${T}.tick`, { code: r.customer_code }),
          })}
          columns={[
            {
              accessor: 'customer_code',
              title: t('resources.point_balance.fields.customer_code'),
              noWrap: true,
            },
            {
              accessor: 'customer_name',
              title: t('resources.point_balance.fields.customer_name'),
              render: (r) => (
                <Group gap={6} wrap="nowrap">
                  <span>{r.customer_name}</span>
                  {chosen.has(r.customer_code.toUpperCase()) ? (
                    <Badge size="xs" variant="light" color="teal" leftSection={<IconCheck size={10} />}>
                      {t(`${T}.onList`)}
                    </Badge>
                  ) : null}
                </Group>
              ),
            },
            { accessor: 'branch_name', title: t('resources.point_balance.fields.branch_name') },
            {
              accessor: 'point_balance',
              title: t('resources.point_balance.fields.point_balance'),
              textAlign: 'right',
              render: (r) => n(r.point_balance),
            },
          ]}
          totalRecords={total}
          recordsPerPage={state.limit}
          page={state.page}
          onPageChange={(page) => update({ page })}
          paginationText={({ from, to, totalRecords }) => t('list.range', { from, to, total: totalRecords })}
          noRecordsText={t('list.emptyFiltered')}
          getPaginationControlProps={(control) => ({ 'aria-label': t(`list.pager.${control}`) })}
        />
      )}
      <Group gap="xs">
        <Button leftSection={<IconPlus size={16} />} disabled={ticked.length === 0} onClick={addTicked}>
          {t(`${T}.addTicked`, { count: ticked.length })}
        </Button>
        <Button
          variant="light"
          leftSection={<IconPlus size={16} />}
          disabled={total === 0 || total > ADD_ALL_CAP}
          loading={addingAll}
          onClick={addAll}
        >
          {t(`${T}.addAll`, { count: total, total: n(total) })}
        </Button>
        {total > ADD_ALL_CAP ? (
          <Text size="xs" c="dimmed">
            {t(`${T}.narrowDown`, { max: n(ADD_ALL_CAP) })}
          </Text>
        ) : null}
      </Group>
    </Stack>
  );
}

function PastePicker({ selection }: { selection: Selection }) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const codes = useMemo(() => codesFromText(text), [text]);
  return (
    <Stack gap="xs" maw={720}>
      <Textarea
        label={t(`${T}.pasteLabel`)}
        description={t(`${T}.pasteHint`)}
        placeholder={'BDG000123\nJKT000456, SMG000789'}
        autosize
        minRows={5}
        maxRows={14}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        data-testid="inject-paste"
      />
      <Group gap="xs">
        <Button
          leftSection={<IconPlus size={16} />}
          disabled={codes.length === 0}
          onClick={() => {
            const added = selection.addCodes(codes);
            notifySuccess(t(`${T}.added`, { count: added }));
            setText('');
          }}
        >
          {t(`${T}.addCodes`, { count: codes.length })}
        </Button>
      </Group>
    </Stack>
  );
}

function FilePicker({ selection }: { selection: Selection }) {
  const { t, i18n } = useTranslation();
  const [open, setOpen] = useState(false);
  const [last, setLast] = useState<{ codes: number; added: number } | null>(null);
  const template = pointInjectImport.template!;
  return (
    <Stack gap="xs" maw={720}>
      <Text size="sm">{t(`${T}.fileHint`, { max: formatNumber(MAX_INJECT_CUSTOMERS, i18n.language) })}</Text>
      <Group gap="xs">
        <Button leftSection={<IconFileImport size={16} />} onClick={() => setOpen(true)}>
          {t(`${T}.fileOpen`)}
        </Button>
        <Button
          variant="subtle"
          leftSection={<IconDownload size={16} />}
          onClick={() => downloadTemplate(pointInjectImport.name, template).catch((e) => notifyError(e, t))}
        >
          {t('importDialog.template')}
        </Button>
      </Group>
      {last ? (
        <Text size="sm" c="dimmed" data-testid="inject-file-result">
          {t(`${T}.fileRead`, { count: last.codes, added: last.added })}
        </Text>
      ) : null}
      <ImportDialog
        opened={open}
        onClose={() => setOpen(false)}
        contract={pointInjectImport}
        title={t(`${T}.fileTitle`)}
        onCollect={(rows) => {
          const codes = rows.map((r) => String(r.customer_code ?? ''));
          const added = selection.addCodes(codes);
          setLast({ codes: codes.length, added });
          notifySuccess(t(`${T}.added`, { count: added }));
        }}
      />
    </Stack>
  );
}
