// Promo videos: list by title with the active filter (on by default) and the remembered date range,
// paged; add, edit, delete; the thumbnail, and a playable preview for direct video files.
import { CONTENT_PHOTO_PATHS, isDirectVideoUrl, promoVideoContract } from '@lbo/contract/content';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { nextMonth } from '../../components/form/date-field';
import { ContentThumb } from '../../components/preview/content-thumb';
import { defineResource, type Row } from '../../components/resource/types';
import { RememberRange, storedRange } from './content-shared';

function VideoPreview({ record }: { record: Row }) {
  const { t } = useTranslation();
  const url = String(record.url ?? '');
  return (
    <Stack gap={6} maw={480}>
      <Text size="sm" c="dimmed" fw={500}>
        {t('content.video.preview')}
      </Text>
      {isDirectVideoUrl(url) ? (
        // biome-ignore lint/a11y/useMediaCaption: promo clips come without caption tracks
        <video
          src={url}
          poster={record.thumbnail ? String(record.thumbnail) : undefined}
          controls
          preload="metadata"
          style={{ width: '100%', borderRadius: 8, background: '#000' }}
          data-testid="video-preview"
        />
      ) : (
        <Stack gap={4}>
          <ContentThumb src={record.thumbnail} size={200} width={356} />
          <Text size="sm">
            {t('content.video.notDirect')}{' '}
            <Anchor href={url} target="_blank" rel="noopener noreferrer">
              {t('content.video.open')}
            </Anchor>
          </Text>
        </Stack>
      )}
    </Stack>
  );
}

export const resource = defineResource({
  contract: promoVideoContract,
  title: (r) => r.title,
  columns: [
    {
      key: 'title',
      sortKey: 'title',
      render: (r) => (
        <Group gap="sm" wrap="nowrap">
          <ContentThumb src={r.thumbnail} size={44} width={72} />
          <Stack gap={0}>
            <Text size="sm" fw={500}>
              {r.title}
            </Text>
            <Text size="xs" c="dimmed" lineClamp={1}>
              {r.url}
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
    { kind: 'dateRange', key: 'period', from: 'start_date', to: 'end_date' },
    { kind: 'boolean', key: 'active', labels: 'active' },
  ],
  get filterDefaults() {
    return { active: 'true', ...storedRange() };
  },
  listExtra: RememberRange,
  detail: {
    fields: [
      { key: 'title', span: 2 },
      { key: 'url', span: 2 },
      { key: 'active', kind: 'active' },
      { key: 'start_date', kind: 'date' },
      { key: 'end_date', kind: 'date' },
      { key: 'description', span: 2 },
    ],
    extra: ({ record }) => <VideoPreview record={record as unknown as Row} />,
  },
  form: {
    fields: [
      { name: 'title', widget: { kind: 'text' }, span: 2 },
      { name: 'url', widget: { kind: 'text' }, span: 2 },
      { name: 'description', widget: { kind: 'textarea' }, span: 2 },
      { name: 'start_date', widget: { kind: 'date' } },
      { name: 'end_date', widget: { kind: 'date' } },
      { name: 'active', widget: { kind: 'switch' } },
      { name: 'thumbnail', widget: { kind: 'image', uploadPath: CONTENT_PHOTO_PATHS.promo_video }, span: 2 },
    ],
    // A new item runs from today for a month unless changed.
    get defaults() {
      return { description: '', active: true, thumbnail: '', ...nextMonth() };
    },
  },
});
