// News/info items for the stores' app: list by priority with the active filter (on by default) and
// the date range the browser remembers, add with a photo, edit, delete, and a phone preview on the
// detail screen and beside the add/edit form.
import { CONTENT_PHOTO_PATHS, newsContract } from '@lbo/contract/content';
import { Group, Stack, Text } from '@mantine/core';
import { nextMonth } from '../../components/form/date-field';
import { ContentThumb } from '../../components/preview/content-thumb';
import { defineResource, type Row } from '../../components/resource/types';
import { NewsPhonePreview, RememberRange, storedRange } from './content-shared';

export const resource = defineResource({
  contract: newsContract,
  title: (r) => r.title,
  columns: [
    { key: 'priority', sortKey: 'priority', width: 90, align: 'center' },
    {
      key: 'title',
      sortKey: 'title',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <ContentThumb src={r.photo} size={44} />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {r.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {r.content}
            </Text>
          </Stack>
        </Group>
      ),
      exportValue: (r) => r.title,
    },
    { key: 'start_date', kind: 'date', sortKey: 'start_date', noWrap: true, visibleFrom: 'sm' },
    { key: 'end_date', kind: 'date', sortKey: 'end_date', noWrap: true, visibleFrom: 'sm' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'text', key: 'title' },
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  // SPEC.md: active=1 by default, and the date range from local storage (RememberRange keeps it).
  get filterDefaults() {
    return { active: 'true', ...storedRange() };
  },
  listExtra: RememberRange,
  detail: {
    fields: [
      { key: 'title', span: 2 },
      { key: 'priority' },
      { key: 'active', kind: 'active' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'content', span: 2 },
      { key: 'updated_at', kind: 'datetime' },
    ],
    extra: ({ record }) => <NewsPhonePreview record={record as unknown as Row} />,
  },
  form: {
    // The phone preview beside the add/edit form, following what is typed.
    aside: NewsPhonePreview,
    fields: [
      { name: 'title', widget: { kind: 'text' }, span: 2 },
      { name: 'content', widget: { kind: 'textarea' }, span: 2 },
      { name: 'start_date', widget: { kind: 'date' } },
      { name: 'end_date', widget: { kind: 'date' } },
      { name: 'priority', widget: { kind: 'number' } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'photo', widget: { kind: 'image', uploadPath: CONTENT_PHOTO_PATHS.news }, span: 2 },
    ],
    // A new item runs from today for a month unless changed.
    get defaults() {
      return { content: '', priority: 0, active: true, photo: '', ...nextMonth() };
    },
  },
});
