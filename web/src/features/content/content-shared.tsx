// Pieces the content screens share: a thumbnail, the phone-sized preview of how an item looks in the
// stores' app, and the date range the news and video lists remember in the browser (SPEC.md: the
// lists send start_date and end_date from local storage).

import { jakartaDate } from '@lbo/contract/common';
import { Badge, Box, Button, Group, Image, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBell, IconPhotoOff } from '@tabler/icons-react';
import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/** An image, or a placeholder when there is none or it does not load. */
export function ContentThumb({ src, size = 40, width }: { src: unknown; size?: number; width?: number }) {
  const [failed, setFailed] = useState<unknown>(null);
  return src && failed !== src ? (
    <Image
      src={String(src)}
      alt=""
      h={size}
      w={width ?? size}
      fit="cover"
      radius="sm"
      style={{ flex: 'none' }}
      onError={() => setFailed(src)}
    />
  ) : (
    <ThemeIcon variant="light" color="gray" size={size} radius="sm" style={{ flex: 'none' }}>
      <IconPhotoOff size={size / 2} stroke={1.5} />
    </ThemeIcon>
  );
}

/** A 360 px wide phone frame with the app's top bar; children are the screen's content. */
export function PhoneFrame({ children, label }: { children: ReactNode; label: string }) {
  return (
    <Stack gap={6} align="flex-start" data-testid="phone-preview">
      <Text size="sm" c="dimmed" fw={500}>
        {label}
      </Text>
      <Box
        style={{
          width: 360,
          maxWidth: '100%',
          borderRadius: 28,
          border: '10px solid #1f2933',
          background: '#f4f6f8',
          overflow: 'hidden',
          boxShadow: '0 6px 24px rgba(0,0,0,0.18)',
        }}
      >
        <Group justify="space-between" px="sm" py={6} bg="#1f2933" c="white">
          <Text size="xs">09:41</Text>
          <Text size="xs">LTE ▮▮▮</Text>
        </Group>
        <Box style={{ minHeight: 420, position: 'relative' }}>{children}</Box>
      </Box>
    </Stack>
  );
}

/** How a news item looks in the app's news screen. */
export function NewsPhonePreview({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <PhoneFrame label={t('content.preview.title')}>
      <Box px="md" py="sm" bg="white">
        <Text fw={700}>{t('content.preview.newsHeader')}</Text>
      </Box>
      <Paper m="sm" radius="md" withBorder style={{ overflow: 'hidden' }}>
        {record.photo ? (
          <Image src={String(record.photo)} alt="" h={170} fit="cover" />
        ) : (
          <Box h={80} bg="gray.1" />
        )}
        <Stack gap={4} p="sm">
          <Title order={5} data-testid="preview-title">
            {String(record.title ?? '')}
          </Title>
          <Text size="xs" c="dimmed">
            {String(record.start_date ?? '')} – {String(record.end_date ?? '')}
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-wrap' }}>
            {String(record.content ?? '')}
          </Text>
        </Stack>
      </Paper>
    </PhoneFrame>
  );
}

/** How a popup looks over the app's home screen. */
export function PopupPhonePreview({ record }: { record: Record<string, unknown> }) {
  const { t } = useTranslation();
  return (
    <PhoneFrame label={t('content.preview.title')}>
      <Stack p="sm" gap="xs" style={{ filter: 'blur(1px)', opacity: 0.5 }}>
        <Box h={60} bg="gray.3" style={{ borderRadius: 8 }} />
        <Box h={120} bg="gray.3" style={{ borderRadius: 8 }} />
        <Box h={120} bg="gray.3" style={{ borderRadius: 8 }} />
      </Stack>
      <Box
        style={{
          position: 'absolute',
          inset: 0,
          background: 'rgba(0,0,0,0.45)',
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        }}
      >
        <Paper radius="md" w={280} style={{ overflow: 'hidden' }}>
          {record.photo ? (
            <Image src={String(record.photo)} alt="" h={280} fit="cover" />
          ) : (
            <Box h={120} bg="gray.1" />
          )}
          <Stack gap={6} p="sm">
            <Text fw={600} data-testid="preview-title">
              {String(record.title ?? '')}
            </Text>
            {record.link ? (
              <Button size="xs" variant="light">
                {t('content.preview.open')}
              </Button>
            ) : null}
            <Button size="xs" variant="subtle" color="gray">
              {t('content.preview.close')}
            </Button>
          </Stack>
        </Paper>
      </Box>
    </PhoneFrame>
  );
}

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

// ---------------------------------------------------------------------------------------------
// The remembered date range

const RANGE_KEY = 'lbo.content.range';

/** The range kept in the browser (`start_date`, `end_date`), if any. */
export function storedRange(): Record<string, string> {
  try {
    const v = JSON.parse(localStorage.getItem(RANGE_KEY) ?? '{}') as Record<string, unknown>;
    const ok = (d: unknown) => typeof d === 'string' && /^\d{4}-\d\d-\d\d$/.test(d);
    return ok(v.start_date) && ok(v.end_date)
      ? { start_date: String(v.start_date), end_date: String(v.end_date) }
      : {};
  } catch {
    return {};
  }
}

/**
 * Shown above the news and video lists: keeps the date range chosen in the filter bar in local
 * storage, so the next visit starts from it (removing it clears it).
 */
export function RememberRange() {
  const [params] = useSearchParams();
  const from = params.get('start_date');
  const to = params.get('end_date');
  useEffect(() => {
    if (from && to) localStorage.setItem(RANGE_KEY, JSON.stringify({ start_date: from, end_date: to }));
    else if (from === '' || to === '') localStorage.removeItem(RANGE_KEY);
  }, [from, to]);
  return null;
}

/** Today and a month later (Asia/Jakarta): the period a new item starts with. */
export function nextMonth(): { start_date: string; end_date: string } {
  return { start_date: jakartaDate(), end_date: jakartaDate(30) };
}
