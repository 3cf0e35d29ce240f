// Promos: list by priority (reordered in one call), add and edit with an image (multipart), and the
// detail screen with the promo's lines edited in place; each line holds its item lines (add one, or
// every item of a category) and its bonus items.
import {
  promoBonusItemLineContract,
  promoContract,
  promoItemLineContract,
  promoLineContract,
} from '@lbo/contract/promos';
import { promoItemLinesByCategoryAction, promoReorderAction } from '@lbo/contract/promos.actions';
import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Modal,
  ScrollArea,
  Select,
  Stack,
  Table,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconArrowDown, IconArrowsSort, IconArrowUp, IconCategoryPlus } from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../app/api-client';
import { resourceKeys, selectKeys } from '../../app/query-keys';
import { permissionsOf, useSession } from '../../app/use-session';
import { ErrorAlert } from '../../components/feedback/error-alert';
import { notifySuccess } from '../../components/feedback/notify';
import { nextMonth } from '../../components/form/date-field';
import { ContentThumb } from '../../components/preview/content-thumb';
import { fetchSelect } from '../../components/resource/resource-api';
import { defineChild, defineResource, type Row } from '../../components/resource/types';
import { branchSource, customerTypeSource, itemCategorySource, itemSource } from '../common-sources';

const nameWithImage = (r: Row) => (
  <Group gap="sm" wrap="nowrap">
    <ContentThumb src={r.image} size={44} />
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {String(r.name)}
      </Text>
      <Text span size="xs" c="dimmed" lineClamp={1}>
        {String(r.description ?? '')}
      </Text>
    </Stack>
  </Group>
);

/** "Change order": every promo by priority, moved with up/down, saved in one call. */
function PromoOrder() {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [order, setOrder] = useState<Row[] | null>(null);
  const list = useQuery({
    queryKey: resourceKeys('promo').list({ order: true }),
    queryFn: async () =>
      (
        await api.get<{ list_promo: Row[] }>(promoContract.paths.list!, {
          by: 'priority',
          sort: 'asc',
          page: 1,
          limit: 100,
        })
      ).data.list_promo,
    enabled: opened,
  });
  const rows = order ?? list.data ?? [];
  const save = useMutation({
    mutationFn: () => api.put(promoReorderAction.path, { promo_ids: rows.map((r) => r.promo_id) }),
    onSuccess: async () => {
      await qc.invalidateQueries({ queryKey: resourceKeys('promo').all });
      notifySuccess(t('content.promo.orderSaved'));
      setOpened(false);
      setOrder(null);
    },
  });
  if (!permissionsOf(session, 'promo').update) return null;
  const move = (i: number, d: -1 | 1) => {
    const next = [...rows];
    [next[i], next[i + d]] = [next[i + d], next[i]];
    setOrder(next);
  };
  return (
    <>
      <Group justify="flex-end" mb="xs">
        <Button
          variant="default"
          size="xs"
          leftSection={<IconArrowsSort size={16} />}
          onClick={() => setOpened(true)}
        >
          {t('content.promo.changeOrder')}
        </Button>
      </Group>
      <Modal
        opened={opened}
        onClose={() => {
          setOpened(false);
          setOrder(null);
        }}
        title={t('content.promo.changeOrder')}
        size="lg"
      >
        <Stack>
          <Text size="sm" c="dimmed">
            {t('content.promo.orderHint')}
          </Text>
          {list.error ? <ErrorAlert error={list.error} /> : null}
          {save.error ? <ErrorAlert error={save.error} /> : null}
          <ScrollArea.Autosize mah="60vh">
            <Table striped>
              <Table.Tbody>
                {rows.map((r, i) => (
                  <Table.Tr key={String(r.promo_id)} data-testid="order-row">
                    <Table.Td w={48}>
                      <Badge variant="light">{i + 1}</Badge>
                    </Table.Td>
                    <Table.Td>{nameWithImage(r)}</Table.Td>
                    <Table.Td w={90}>
                      <Group gap={4} wrap="nowrap">
                        <ActionIcon
                          variant="subtle"
                          disabled={i === 0}
                          onClick={() => move(i, -1)}
                          aria-label={t('content.promo.up', { name: String(r.name) })}
                        >
                          <IconArrowUp size={16} />
                        </ActionIcon>
                        <ActionIcon
                          variant="subtle"
                          disabled={i === rows.length - 1}
                          onClick={() => move(i, 1)}
                          aria-label={t('content.promo.down', { name: String(r.name) })}
                        >
                          <IconArrowDown size={16} />
                        </ActionIcon>
                      </Group>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea.Autosize>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOrder(null)} disabled={!order}>
              {t('content.promo.resetOrder')}
            </Button>
            <Button
              onClick={() => save.mutate()}
              loading={save.isPending}
              disabled={!order || rows.length < 2}
            >
              {t('content.promo.saveOrder')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

/** On a promo line's row: add every item of a category to the line (one call). */
function AddCategoryButton({ line }: { line: Row }) {
  const { t } = useTranslation();
  const session = useSession();
  const qc = useQueryClient();
  const [opened, setOpened] = useState(false);
  const [category, setCategory] = useState<string | null>(null);
  const categories = useQuery({
    queryKey: selectKeys.options(itemCategorySource.path, itemCategorySource.params),
    queryFn: ({ signal }) => fetchSelect(itemCategorySource, itemCategorySource.params, signal),
    enabled: opened,
  });
  const add = useMutation({
    mutationFn: () =>
      api.post<Row[]>(promoItemLinesByCategoryAction.path, {
        promo_line_id: line.id,
        item_category_id: Number(category),
      }),
    onSuccess: async (res) => {
      await Promise.all(
        ['promo_item_line', 'promo_line', 'promo'].map((n) =>
          qc.invalidateQueries({ queryKey: resourceKeys(n).all }),
        ),
      );
      notifySuccess(t('content.promo.categoryAdded', { count: res.data.length }));
      setOpened(false);
      setCategory(null);
    },
  });
  if (!permissionsOf(session, 'promo').create) return null;
  return (
    <>
      <Tooltip label={t('content.promo.addCategory')}>
        <ActionIcon
          variant="subtle"
          size="sm"
          onClick={() => setOpened(true)}
          aria-label={t('content.promo.addCategoryTo', { name: String(line.name) })}
        >
          <IconCategoryPlus size={16} />
        </ActionIcon>
      </Tooltip>
      <Modal opened={opened} onClose={() => setOpened(false)} title={t('content.promo.addCategory')}>
        <Stack>
          <Text size="sm" c="dimmed">
            {t('content.promo.addCategoryHint', { name: String(line.name) })}
          </Text>
          <Select
            label={t('fields.item_category_id')}
            data={(categories.data ?? []).map((c) => ({ value: String(c.id), label: String(c.name) }))}
            value={category}
            onChange={setCategory}
            searchable
            data-autofocus
          />
          {add.error ? <ErrorAlert error={add.error} /> : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setOpened(false)}>
              {t('actions.cancel')}
            </Button>
            <Button onClick={() => add.mutate()} loading={add.isPending} disabled={!category}>
              {t('content.promo.addItems')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  );
}

const itemLineChild = defineChild({
  contract: promoItemLineContract,
  parentKey: 'promo_line_id',
  title: (r) => r.item_name,
  params: { by: 'item_name', sort: 'asc' },
  columns: [
    { key: 'item_code', noWrap: true },
    { key: 'item_name' },
    { key: 'item_category_name', visibleFrom: 'sm' },
  ],
  form: { fields: [{ name: 'item_id', widget: { kind: 'select', source: itemSource }, span: 2 }] },
  invalidates: ['promo_line'],
  span: 1,
});

const bonusChild = defineChild({
  contract: promoBonusItemLineContract,
  parentKey: 'promo_line_id',
  title: (r) => r.item_name,
  columns: [{ key: 'item_name' }, { key: 'qty', kind: 'number', align: 'right' }, { key: 'uom', width: 70 }],
  form: {
    fields: [
      { name: 'item_id', widget: { kind: 'select', source: itemSource }, span: 2 },
      { name: 'qty', widget: { kind: 'number', decimals: 4 } },
      { name: 'uom', widget: { kind: 'text' } },
    ],
    defaults: { qty: 1, uom: '' },
  },
  invalidates: ['promo_line'],
  span: 1,
});

const lineChild = defineChild({
  contract: promoLineContract,
  parentKey: 'promo_id',
  title: (r) => r.name,
  params: { by: 'id', sort: 'asc' },
  columns: [
    { key: 'name' },
    { key: 'min_qty', kind: 'number', align: 'right', visibleFrom: 'sm' },
    { key: 'min_amount', kind: 'money', align: 'right', visibleFrom: 'md' },
    {
      key: 'discount_percent',
      align: 'right',
      render: (r) => (r.discount_percent > 0 ? `${r.discount_percent}%` : '—'),
    },
    { key: 'discount_amount', kind: 'money', align: 'right', visibleFrom: 'md' },
    {
      key: 'item_count',
      noWrap: true,
      render: (r) => (
        <Group gap={4} wrap="nowrap">
          <Badge variant="light">{r.item_count}</Badge>
          <AddCategoryButton line={r as unknown as Row} />
        </Group>
      ),
    },
    { key: 'bonus_count', kind: 'number', align: 'right', visibleFrom: 'sm' },
  ],
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, span: 2 },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'min_qty', widget: { kind: 'number', decimals: 4 } },
      { name: 'min_amount', widget: { kind: 'number', decimals: 2 } },
      { name: 'discount_percent', widget: { kind: 'number', decimals: 2 } },
      { name: 'discount_amount', widget: { kind: 'number', decimals: 2 } },
      { name: 'item_ids', widget: { kind: 'multiselect', source: itemSource }, span: 2, modes: ['create'] },
      {
        name: 'item_category_ids',
        widget: { kind: 'multiselect', source: itemCategorySource },
        span: 2,
        modes: ['create'],
      },
    ],
    defaults: {
      description: '',
      min_qty: 0,
      min_amount: 0,
      discount_percent: 0,
      discount_amount: 0,
      item_ids: [],
      item_category_ids: [],
    },
  },
  invalidates: ['promo'],
  children: [itemLineChild, bonusChild],
});

export const resource = defineResource({
  contract: promoContract,
  title: (r) => r.name,
  columns: [
    { key: 'priority', sortKey: 'priority', width: 90, align: 'center' },
    { key: 'name', sortKey: 'name', render: nameWithImage, exportValue: (r) => r.name },
    { key: 'start_date', kind: 'date', sortKey: 'start_date', noWrap: true, visibleFrom: 'sm' },
    { key: 'end_date', kind: 'date', sortKey: 'end_date', noWrap: true, visibleFrom: 'sm' },
    {
      key: 'branch_name',
      render: (r, t) => r.branch_name ?? t('content.promo.allBranches'),
      exportValue: (r, t) => r.branch_name ?? t('content.promo.allBranches'),
      visibleFrom: 'md',
    },
    { key: 'line_count', kind: 'number', align: 'right', visibleFrom: 'md' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'boolean', key: 'active', labels: 'active' },
    { kind: 'select', key: 'branch_id', source: branchSource },
  ],
  listExtra: PromoOrder,
  detail: {
    fields: [
      { key: 'image', render: (r) => <ContentThumb src={r.image} size={160} width={280} />, span: 2 },
      { key: 'name' },
      { key: 'priority' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'branch_name', render: (r, t) => String(r.branch_name ?? t('content.promo.allBranches')) },
      { key: 'customer_type_ids', kind: 'ids', source: customerTypeSource },
      { key: 'active', kind: 'active' },
      { key: 'updated_at', kind: 'datetime' },
      { key: 'description', span: 2 },
    ],
  },
  children: [lineChild],
  form: {
    fields: [
      { name: 'name', widget: { kind: 'text' }, span: 2 },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'start_date', widget: { kind: 'date' } },
      { name: 'end_date', widget: { kind: 'date' } },
      { name: 'priority', widget: { kind: 'number' }, emptyAs: 'omit' },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'branch_id', widget: { kind: 'select', source: branchSource }, emptyAs: 'null' },
      { name: 'customer_type_ids', widget: { kind: 'multiselect', source: customerTypeSource } },
      // No photo route: the picked file goes with the save (multipart `form_data` + `image`).
      { name: 'image', widget: { kind: 'image', fileField: 'image' }, span: 2 },
    ],
    // A new item runs from today for a month unless changed.
    get defaults() {
      return { description: '', active: true, branch_id: null, customer_type_ids: [], ...nextMonth() };
    },
    // The original client repeats promo_id in the body; the server checks it against the path.
    toBody: (values, { mode, record }) =>
      mode === 'edit' && record ? { ...values, promo_id: record.promo_id } : values,
  },
});
