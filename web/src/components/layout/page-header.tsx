// Breadcrumbs, page title and the page's actions, at the top of every screen in the layout.
import { Anchor, Breadcrumbs, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export type Crumb = { label: string; to?: string };

export function PageHeader({
  crumbs,
  title,
  actions,
}: {
  crumbs: Crumb[];
  title: string;
  actions?: ReactNode;
}) {
  const { t } = useTranslation();
  const all: Crumb[] = [{ label: t('nav.home'), to: '/' }, ...crumbs];
  return (
    <Stack gap={6} mb="md">
      <Breadcrumbs separatorMargin={6} aria-label={t('nav.breadcrumbs')} fz="sm">
        {all.map((c, i) =>
          c.to && i < all.length - 1 ? (
            <Anchor key={`${c.to ?? ''}|${c.label}`} component={Link} to={c.to} size="sm">
              {c.label}
            </Anchor>
          ) : (
            <Text key={`${c.to ?? ''}|${c.label}`} size="sm" c="dimmed">
              {c.label}
            </Text>
          ),
        )}
      </Breadcrumbs>
      <Group justify="space-between" align="center" gap="sm" wrap="wrap">
        {/* The screen's one h1 (axe: page-has-heading-one), sized as a section title. */}
        <Title order={1} fz={{ base: 'h3', sm: 'h2' }}>
          {title}
        </Title>
        {actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
    </Stack>
  );
}
