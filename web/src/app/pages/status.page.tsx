// The /404 and /500 pages.
import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { PublicFrame } from './public-frame';

function StatusPage({
  code,
  title,
  text,
  retry,
}: {
  code: string;
  title: string;
  text: string;
  retry?: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <PublicFrame size={560}>
      <Stack align="center" ta="center" gap="sm" py={{ base: 'xl', sm: 60 }}>
        <Text fz={88} fw={800} c="teal.6" lh={1} aria-hidden>
          {code}
        </Text>
        <Title order={1} fz="h2">
          {title}
        </Title>
        <Text c="dimmed" maw={420}>
          {text}
        </Text>
        <Group mt="md">
          {retry ? (
            <Button variant="default" onClick={() => navigate(-1)}>
              {t('errors.tryAgain')}
            </Button>
          ) : null}
          <Button component={Link} to="/">
            {t('errors.backHome')}
          </Button>
        </Group>
      </Stack>
    </PublicFrame>
  );
}

export function NotFoundPage() {
  const { t } = useTranslation();
  return <StatusPage code="404" title={t('errors.notFoundTitle')} text={t('errors.notFoundText')} />;
}

export function ServerErrorPage() {
  const { t } = useTranslation();
  return <StatusPage code="500" title={t('errors.serverTitle')} text={t('errors.serverText')} retry />;
}
