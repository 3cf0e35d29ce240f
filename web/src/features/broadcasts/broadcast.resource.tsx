// Broadcasts: list (status and delivered count), view with the deliveries and a phone preview, add
// and edit (the phone preview beside the form), delete; execute with a confirmation naming how many stores will receive it.
import {
  BROADCAST_AUDIENCES,
  BROADCAST_STATUSES,
  broadcastContract,
  broadcastDeliveryContract,
  broadcastExecuteAction,
} from '@lbo/contract/broadcasts';
import { CONTENT_PHOTO_PATHS } from '@lbo/contract/content';
import { Badge, Group, Stack, Text, Textarea } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import type { TFunction } from 'i18next';
import { defineChild, defineResource, type Row } from '../../components/resource/types';
import { branchSource, customerTypeSource, regionGroupSource, regionSource } from '../common-sources';
import { BroadcastPhonePreview } from './broadcast-preview';

const STATUS_COLOR: Record<string, string> = {
  draft: 'gray',
  queued: 'blue',
  sending: 'yellow',
  sent: 'green',
  failed: 'red',
  cancelled: 'dark',
};
const statusBadge = (status: string, t: TFunction) => (
  <Badge color={STATUS_COLOR[status] ?? 'gray'} variant="light" tt="none">
    {t(`content.broadcast.statuses.${status}`)}
  </Badge>
);
const audienceText = (r: Row, t: TFunction) => {
  const a = String(r.audience);
  const lists: Record<string, unknown> = {
    branch: r.branch_ids,
    region: r.region_ids,
    region_group: r.region_group_ids,
    customer_type: r.customer_type_ids,
    customers: r.customer_codes,
  };
  const n = Array.isArray(lists[a]) ? (lists[a] as unknown[]).length : 0;
  return a === 'all'
    ? t('content.broadcast.audiences.all')
    : t('content.broadcast.audienceCount', { audience: t(`content.broadcast.audiences.${a}`), count: n });
};

const onlyFor = (audience: string) => (values: Row) => values.audience !== audience;

const deliveryChild = defineChild({
  contract: broadcastDeliveryContract,
  parentKey: 'broadcast_id',
  title: (r) => r.customer_name,
  columns: [
    { key: 'customer_code', noWrap: true },
    { key: 'customer_name' },
    { key: 'branch_name', visibleFrom: 'sm' },
    { key: 'status', render: (r, t) => t(`content.broadcast.deliveryStatuses.${r.status}`) },
    { key: 'delivered_at', kind: 'datetime', visibleFrom: 'md' },
  ],
});

export const resource = defineResource({
  contract: broadcastContract,
  title: (r) => r.title,
  columns: [
    { key: 'id', sortKey: 'id', width: 80 },
    {
      key: 'title',
      sortKey: 'title',
      render: (r) => (
        <Stack gap={0}>
          <Text size="sm" fw={500}>
            {r.title}
          </Text>
          <Text size="xs" c="dimmed" lineClamp={1}>
            {r.message}
          </Text>
        </Stack>
      ),
      exportValue: (r) => r.title,
    },
    {
      key: 'audience',
      render: (r, t) => audienceText(r as unknown as Row, t),
      exportValue: (r, t) => audienceText(r as unknown as Row, t),
      visibleFrom: 'md',
    },
    {
      key: 'status',
      sortKey: 'status',
      render: (r, t) => statusBadge(r.status, t),
      exportValue: (r, t) => t(`content.broadcast.statuses.${r.status}`),
    },
    { key: 'delivered_count', kind: 'number', sortKey: 'delivered_count', align: 'right' },
    { key: 'executed_at', kind: 'datetime', sortKey: 'executed_at', visibleFrom: 'lg' },
  ],
  filters: [
    {
      kind: 'enum',
      key: 'status',
      options: BROADCAST_STATUSES,
      optionLabel: (v, t) => t(`content.broadcast.statuses.${v}`),
    },
    {
      kind: 'enum',
      key: 'audience',
      options: BROADCAST_AUDIENCES,
      optionLabel: (v, t) => t(`content.broadcast.audiences.${v}`),
    },
  ],
  canEdit: (r) => r.status === 'draft' || r.status === 'queued',
  canDelete: (r) => r.status !== 'sending',
  actions: [
    {
      contract: broadcastExecuteAction,
      icon: IconSend,
      color: 'green',
      // Queued or sending with its job gone (a crash, retries spent) and failed: executing resumes.
      available: (r) => ['draft', 'queued', 'sending', 'failed'].includes(String(r.status)),
      texts: {
        done: (t, ctx) =>
          t('resources.broadcast.actions.execute.done', {
            count: (ctx.result as { audience_count?: number } | undefined)?.audience_count ?? 0,
          }),
      },
    },
  ],
  invalidates: ['broadcast_delivery'],
  detail: {
    fields: [
      { key: 'title', span: 2 },
      { key: 'status', render: (r, t) => statusBadge(String(r.status), t) },
      { key: 'delivered_count', kind: 'number' },
      { key: 'audience', render: (r, t) => audienceText(r, t) },
      { key: 'executed_at', kind: 'datetime' },
      { key: 'branch_ids', kind: 'ids', source: branchSource },
      { key: 'region_ids', kind: 'ids', source: regionSource },
      { key: 'region_group_ids', kind: 'ids', source: regionGroupSource },
      { key: 'customer_type_ids', kind: 'ids', source: customerTypeSource },
      { key: 'link' },
      { key: 'message', span: 2 },
    ],
    extra: ({ record, data }) => (
      <Stack>
        <Group gap="xs">
          {Object.entries((data.delivery_counts as Record<string, number>) ?? {})
            .filter(([, n]) => n > 0)
            .map(([k, n]) => (
              <Badge key={k} variant="outline" tt="none">
                {k}: {n}
              </Badge>
            ))}
        </Group>
        <BroadcastPhonePreview record={record as unknown as Row} />
      </Stack>
    ),
  },
  children: [deliveryChild],
  form: {
    // The phone preview beside the add/edit form, following what is typed.
    aside: BroadcastPhonePreview,
    fields: [
      { name: 'title', widget: { kind: 'text' }, span: 2 },
      { name: 'message', widget: { kind: 'textarea' }, span: 2 },
      { name: 'link', widget: { kind: 'text' } },
      {
        name: 'audience',
        widget: {
          kind: 'enum',
          options: BROADCAST_AUDIENCES,
          optionLabel: (v, t) => t(`content.broadcast.audiences.${v}`),
        },
      },
      {
        name: 'branch_ids',
        widget: { kind: 'multiselect', source: branchSource },
        span: 2,
        hidden: onlyFor('branch'),
      },
      {
        name: 'region_ids',
        widget: { kind: 'multiselect', source: regionSource },
        span: 2,
        hidden: onlyFor('region'),
      },
      {
        name: 'region_group_ids',
        widget: { kind: 'multiselect', source: regionGroupSource },
        span: 2,
        hidden: onlyFor('region_group'),
      },
      {
        name: 'customer_type_ids',
        widget: { kind: 'multiselect', source: customerTypeSource },
        span: 2,
        hidden: onlyFor('customer_type'),
      },
      {
        name: 'customer_codes',
        span: 2,
        hidden: onlyFor('customers'),
        widget: {
          kind: 'custom',
          render: ({ label, value, onChange, error, disabled }) => (
            <Textarea
              label={label}
              autosize
              minRows={3}
              maxRows={10}
              error={error}
              disabled={disabled}
              value={Array.isArray(value) ? value.join('\n') : ''}
              onChange={(e) =>
                onChange(
                  e.currentTarget.value
                    .split(/[\n,;]+/)
                    .map((s) => s.trim())
                    .filter((s, i, all) => s !== '' || i === all.length - 1),
                )
              }
            />
          ),
        },
      },
      { name: 'installed_only', widget: { kind: 'switch' } },
      { name: 'image', widget: { kind: 'image', uploadPath: CONTENT_PHOTO_PATHS.broadcast }, span: 2 },
    ],
    defaults: {
      link: '',
      audience: 'all',
      branch_ids: [],
      region_ids: [],
      region_group_ids: [],
      customer_type_ids: [],
      customer_codes: [],
      installed_only: false,
      image: '',
    },
    toBody: (values) => ({
      ...values,
      customer_codes: Array.isArray(values.customer_codes)
        ? (values.customer_codes as string[]).filter((s) => s.trim() !== '')
        : [],
    }),
  },
});
