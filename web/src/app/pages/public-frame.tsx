// Frame of the public pages (sign-in, access request, privacy policy, status pages). Free of the
// router and i18next (plain `#/` links, i18n/core.ts), so the sign-in screen can show it before
// they have loaded; the hash router follows the links like its own.
import { Anchor, Box, Container, Group, Text, VisuallyHidden } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCoreText } from '../../i18n/core';
import { LanguageSwitch } from '../language-switch';

/** The logo and the app's name; `compact` (a phone's header) shows the logo only. */
export function Brand({ compact = false }: { compact?: boolean }) {
  const { t } = useCoreText();
  return (
    <Group gap={10} wrap="nowrap">
      <Box
        w={32}
        h={32}
        bg="teal.6"
        style={{ borderRadius: 8, display: 'grid', placeItems: 'center', color: 'white', fontWeight: 800 }}
        aria-hidden
      >
        L
      </Box>
      {compact ? (
        <VisuallyHidden>{t('app.name')}</VisuallyHidden>
      ) : (
        <Text fw={700} size="lg" style={{ whiteSpace: 'nowrap' }}>
          {t('app.name')}
        </Text>
      )}
    </Group>
  );
}

export function PublicFrame({ children, size = 420 }: { children: ReactNode; size?: number }) {
  const { t } = useCoreText();
  return (
    <Box mih="100vh" style={{ display: 'flex', flexDirection: 'column' }}>
      <Group justify="space-between" px={{ base: 'md', sm: 'xl' }} py="md">
        <Anchor href="#/" underline="never" c="inherit">
          <Brand />
        </Anchor>
        <LanguageSwitch />
      </Group>
      <Container size={size} w="100%" py={{ base: 'md', sm: 'xl' }} style={{ flex: 1 }}>
        {children}
      </Container>
      <Group justify="center" py="md" gap="lg">
        <Anchor href="#/privacypolicy" size="sm" c="dimmed">
          {t('privacy.title')}
        </Anchor>
        <Text size="sm" c="dimmed">
          © {new Date().getFullYear()} {t('app.company')}
        </Text>
      </Group>
    </Box>
  );
}
