// How a broadcast looks on the store's phone, beside the broadcast form.
import { Badge, Group, Image, Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { PhoneFrame } from '../../components/preview/phone-frame';

/** How a broadcast arrives: a notification on the lock screen and the message in the inbox. */
export function BroadcastPhonePreview({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <PhoneFrame label={t('content.preview.title')}>
      <Stack p="sm" gap="sm">
        <Paper radius="lg" p="sm" shadow="xs">
          <Group gap="xs" wrap="nowrap" align="flex-start">
            <ThemeIcon radius="xl" size="md">
              <IconBell size={16} />
            </ThemeIcon>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={700} lineClamp={1} data-testid="preview-title">
                {String(record.title ?? '')}
              </Text>
              <Text size="xs" lineClamp={2}>
                {String(record.message ?? '')}
              </Text>
            </Stack>
          </Group>
        </Paper>
        <Text size="xs" c="dimmed" fw={600} tt="uppercase">
          {t('content.preview.inbox')}
        </Text>
        <Paper radius="md" withBorder style={{ overflow: 'hidden' }}>
          {record.image ? <Image src={String(record.image)} alt="" h={150} fit="cover" /> : null}
          <Stack gap={4} p="sm">
            <Text fw={600}>{String(record.title ?? '')}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
              {String(record.message ?? '')}
            </Text>
            {record.link ? (
              <Badge variant="light" size="sm">
                {String(record.link)}
              </Badge>
            ) : null}
          </Stack>
        </Paper>
      </Stack>
    </PhoneFrame>
  );
}
