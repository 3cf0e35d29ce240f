// The root route: a thin progress bar while the next page's code or data loads, then the page.
import { useTranslation } from 'react-i18next';
import { Outlet, useNavigation } from 'react-router';

export function RootShell() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  return (
    <>
      {navigation.state !== 'idle' ? (
        <div className="lbo-route-progress" role="progressbar" aria-label={t('common.loading')} />
      ) : null}
      <Outlet />
    </>
  );
}
