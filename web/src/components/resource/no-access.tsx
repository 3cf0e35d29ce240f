// Shown instead of a screen the signed-in user's roles do not allow.
import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function NoAccess() {
  const { t } = useTranslation();
  return (
    <Center mih="50vh">
      <Stack align="center" gap="sm" maw={420} ta="center">
        <ThemeIcon size={56} radius="xl" variant="light" color="gray">
          <IconLock size={28} />
        </ThemeIcon>
        <Title order={3}>{t('noAccess.title')}</Title>
        <Text c="dimmed">{t('noAccess.text')}</Text>
        <Button component={Link} to="/" variant="light">
          {t('errors.backHome')}
        </Button>
      </Stack>
    </Center>
  );
}
