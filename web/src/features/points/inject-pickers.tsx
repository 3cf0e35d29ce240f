// The three ways to choose customers for an injection: search and filter the balance list (tick
// rows, or take every match), paste codes, or import a CSV/XLSX file of codes.
import { type CustomerBalanceRow, customerBalanceContract, MAX_INJECT_CUSTOMERS } from '@lbo/contract/points';
import { Badge, Button, Group, Stack, Tabs, Text, Textarea } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import {
  IconCheck,
  IconClipboardText,
  IconFileImport,
  IconFileSpreadsheet,
  IconListSearch,
  IconPlus,
  IconUpload,
  IconX,
} from '@tabler/icons-react';
import { DataTable } from 'mantine-datatable';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchAllRows } from '../../components/export/export';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifyError, notifySuccess } from '../../components/feedback/notify';
import { FilterBar } from '../../components/resource/filter-bar';
import { formatNumber } from '../../components/resource/format';
import { type ListState, toApiQuery } from '../../components/resource/list-state';
import { useResourceList } from '../../components/resource/use-resource';
import { codesFromFile, codesFromText } from './customer-codes';
import { resource as balances } from './point-balance.resource';
import type { useInjectSelection } from './use-inject-selection';

type Selection = ReturnType<typeof useInjectSelection>;
const T = 'resources.point_injected.wizard';

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
      const all = await fetchAllRows(customerBalanceContract, query, { cap: MAX_INJECT_CUSTOMERS });
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
          selectionCheckboxProps={{ 'aria-label': t(`${T}.tick`) }}
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
          disabled={total === 0 || total > MAX_INJECT_CUSTOMERS}
          loading={addingAll}
          onClick={addAll}
        >
          {t(`${T}.addAll`, { count: total, total: n(total) })}
        </Button>
        {total > MAX_INJECT_CUSTOMERS ? (
          <Text size="xs" c="dimmed">
            {t(`${T}.narrowDown`, { max: n(MAX_INJECT_CUSTOMERS) })}
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
  const { t } = useTranslation();
  const [busy, setBusy] = useState(false);
  const [last, setLast] = useState<{ name: string; codes: number; added: number } | null>(null);
  const read = async (file: File) => {
    setBusy(true);
    try {
      const codes = await codesFromFile(file);
      const added = selection.addCodes(codes);
      setLast({ name: file.name, codes: codes.length, added });
      if (codes.length === 0) notifyError(new Error(t(`${T}.fileEmpty`)), t, t(`${T}.fileFailed`));
    } catch (e) {
      notifyError(e, t, t(`${T}.fileFailed`));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Stack gap="xs" maw={720}>
      <Dropzone
        onDrop={(files) => files[0] && read(files[0])}
        onReject={() => notifyError(new Error(t(`${T}.fileType`)), t, t(`${T}.fileFailed`))}
        accept={{
          'text/csv': ['.csv'],
          'text/plain': ['.txt'],
          'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet': ['.xlsx'],
          'application/vnd.ms-excel': ['.csv'],
        }}
        maxFiles={1}
        maxSize={10 * 1024 * 1024}
        loading={busy}
        data-testid="inject-file"
      >
        <Group justify="center" gap="md" mih={110} style={{ pointerEvents: 'none' }}>
          <Dropzone.Accept>
            <IconUpload size={36} stroke={1.5} />
          </Dropzone.Accept>
          <Dropzone.Reject>
            <IconX size={36} stroke={1.5} />
          </Dropzone.Reject>
          <Dropzone.Idle>
            <IconFileSpreadsheet size={36} stroke={1.5} />
          </Dropzone.Idle>
          <div>
            <Text fw={500}>{t(`${T}.fileDrop`)}</Text>
            <Text size="sm" c="dimmed">
              {t(`${T}.fileHint`)}
            </Text>
          </div>
        </Group>
      </Dropzone>
      {last ? (
        <Text size="sm" c="dimmed" data-testid="inject-file-result">
          {t(`${T}.fileRead`, { name: last.name, count: last.codes, added: last.added })}
        </Text>
      ) : null}
    </Stack>
  );
}
