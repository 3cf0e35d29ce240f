// Shown while a page's code or data loads.
import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

export function PageSpinner({ height = '60vh' }: { height?: string | number }) {
  const { t } = useTranslation();
  return (
    <Center h={height} role="status" aria-label={t('common.loading')}>
      <Loader />
    </Center>
  );
}
