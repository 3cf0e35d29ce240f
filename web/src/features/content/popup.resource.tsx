// Popups shown over the stores' app home screen: newest first, add with a photo, edit, delete, and a
// phone preview on the detail screen and beside the add/edit form.
import { CONTENT_PHOTO_PATHS, popupContract } from '@lbo/contract/content';
import { Group, Text } from '@mantine/core';
import { nextMonth } from '../../components/form/date-field';
import { ContentThumb } from '../../components/preview/content-thumb';
import { defineResource, type Row } from '../../components/resource/types';
import { PopupPhonePreview } from './content-shared';

export const resource = defineResource({
  contract: popupContract,
  title: (r) => r.title,
  columns: [
    { key: 'id', sortKey: 'id', width: 80 },
    {
      key: 'title',
      sortKey: 'title',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <ContentThumb src={r.photo} size={44} />
          <Text size="sm" fw={500}>
            {r.title}
          </Text>
        </Group>
      ),
      exportValue: (r) => r.title,
    },
    { key: 'link', visibleFrom: 'md' },
    { key: 'start_date', kind: 'date', sortKey: 'start_date', noWrap: true, visibleFrom: 'sm' },
    { key: 'end_date', kind: 'date', sortKey: 'end_date', noWrap: true, visibleFrom: 'sm' },
    { key: 'active', kind: 'active', width: 110 },
  ],
  filters: [
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  detail: {
    fields: [
      { key: 'title', span: 2 },
      { key: 'link' },
      { key: 'active', kind: 'active' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
    ],
    extra: ({ record }) => <PopupPhonePreview record={record as unknown as Row} />,
  },
  form: {
    // The phone preview beside the add/edit form, following what is typed.
    aside: PopupPhonePreview,
    fields: [
      { name: 'title', widget: { kind: 'text' }, span: 2 },
      { name: 'link', widget: { kind: 'text' }, span: 2 },
      { name: 'start_date', widget: { kind: 'date' } },
      { name: 'end_date', widget: { kind: 'date' } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'photo', widget: { kind: 'image', uploadPath: CONTENT_PHOTO_PATHS.popup }, span: 2 },
    ],
    // A new item runs from today for a month unless changed.
    get defaults() {
      return { link: '', active: true, photo: '', ...nextMonth() };
    },
  },
});
