// Public privacy policy of the companion mobile app (SPEC.md section 2): seven sections.
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { getSession } from '../session';
import { PublicFrame } from './public-frame';

export const PRIVACY_SECTIONS = [
  'logFiles',
  'advertisingPartners',
  'privacyPolicies',
  'thirdParty',
  'children',
  'onlineOnly',
  'consent',
] as const;

export function PrivacyPolicyPage() {
  const { t } = useTranslation();
  return (
    <PublicFrame size={820}>
      <Paper withBorder p={{ base: 'lg', sm: 'xl' }} radius="lg">
        <Stack gap="lg">
          <div>
            <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
              {t('privacy.title')}
            </Title>
            <Text c="dimmed" mt={6}>
              {t('privacy.intro')}
            </Text>
          </div>
          {PRIVACY_SECTIONS.map((s) => (
            <section key={s} aria-labelledby={`privacy-${s}`}>
              <Title order={2} fz="h3" id={`privacy-${s}`} mb={6}>
                {t(`privacy.sections.${s}.title`)}
              </Title>
              {(t(`privacy.sections.${s}.body`, { returnObjects: true }) as string[]).map((p) => (
                <Text key={p.slice(0, 40)} mb="xs" lh={1.65}>
                  {p}
                </Text>
              ))}
            </section>
          ))}
          <Text size="sm" c="dimmed">
            {t('privacy.updated')}
          </Text>
          <Anchor component={Link} to={getSession() ? '/' : '/login'} size="sm">
            {getSession() ? t('errors.backHome') : t('privacy.toLogin')}
          </Anchor>
        </Stack>
      </Paper>
    </PublicFrame>
  );
}
