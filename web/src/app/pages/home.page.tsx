// Home inside the layout: who is signed in, their branch scope, this month's figures against last
// month's (for a user who may view dashboards) and shortcuts to their screens.
import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { entryText } from '../../components/resource/types';
import { HomeFigures } from '../../features/dashboards/home-figures';
import { menuGroups, visibleEntries } from '../layout/navbar';
import { permissionsOf, useSession } from '../use-session';

export function HomePage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session) return null;
  const groups = menuGroups(visibleEntries(session));
  const scope =
    session.branch_scope === 'all'
      ? t('home.scopeAll')
      : t('home.scopeSome', { count: session.branch_scope.length });
  return (
    <Stack gap="lg" maw={1200}>
      <div>
        <Title order={1} fz="h2">
          {t('home.welcome', { name: session.name })}
        </Title>
        <Group gap="xs" mt={6}>
          <Text c="dimmed">{t('home.intro')}</Text>
          <Badge variant="light" color={session.branch_scope === 'all' ? 'indigo' : 'orange'}>
            {scope}
          </Badge>
        </Group>
      </div>
      {permissionsOf(session, 'dashboard').view ? (
        <HomeFigures allBranches={session.branch_scope === 'all'} />
      ) : null}
      {groups.map(({ group, entries }) => (
        <Stack key={group} gap="xs">
          <Text size="xs" fw={700} c="dimmed" tt="uppercase">
            {t(`nav.groups.${group}`)}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2, md: 3, xl: 4 }} spacing="sm">
            {entries.map((e) => {
              const Icon = e.icon;
              return (
                <Card
                  key={e.name}
                  component={Link}
                  to={`/${e.path}`}
                  withBorder
                  radius="md"
                  padding="md"
                  style={{ textDecoration: 'none' }}
                >
                  <Group wrap="nowrap" align="flex-start">
                    <ThemeIcon variant="light" size={40} radius="md">
                      <Icon size={22} stroke={1.6} />
                    </ThemeIcon>
                    <div>
                      <Text fw={600}>{t(entryText(e, 'title'))}</Text>
                      <Text size="sm" c="dimmed">
                        {t(entryText(e, 'summary'))}
                      </Text>
                    </div>
                  </Group>
                </Card>
              );
            })}
          </SimpleGrid>
        </Stack>
      ))}
    </Stack>
  );
}
