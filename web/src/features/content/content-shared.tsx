// Pieces the content screens share: the phone-sized preview of how a news item or a popup looks in
// the stores' app, and the date range the news and video lists remember in the browser (SPEC.md: the
// lists send start_date and end_date from local storage).

import { Box, Button, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PhoneFrame } from '../../components/preview/phone-frame';

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
