// What a route shows when its code cannot be loaded (retry) or it fails to render.
import { Button, Center, Code, Group, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from './chunk-error';

function Icon({ children }: { children: string }) {
  return (
    <ThemeIcon size={64} radius="xl" variant="light" color="orange" aria-hidden>
      <Text fz={30} fw={700}>
        {children}
      </Text>
    </ThemeIcon>
  );
}

export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const { t } = useTranslation();
  const chunk = isChunkLoadError(error);
  const retry = onRetry ?? (() => window.location.reload());
  const detail = error instanceof Error ? error.message : isRouteErrorResponse(error) ? error.statusText : '';
  return (
    <Center mih="70vh" p="md">
      <Stack align="center" gap="md" maw={480} ta="center" role="alert">
        <Icon>!</Icon>
        <Title order={2}>{chunk ? t('errors.chunkTitle') : t('errors.renderTitle')}</Title>
        <Text c="dimmed">{chunk ? t('errors.chunkText') : t('errors.renderText')}</Text>
        {!chunk && detail ? (
          <Code block maw="100%" style={{ whiteSpace: 'pre-wrap' }}>
            {detail}
          </Code>
        ) : null}
        <Group>
          <Button onClick={retry}>{t('actions.retry')}</Button>
          <Button variant="default" component="a" href="#/">
            {t('errors.backHome')}
          </Button>
        </Group>
      </Stack>
    </Center>
  );
}

export function RouteErrorPage() {
  const error = useRouteError();
  return <ErrorScreen error={error} />;
}
