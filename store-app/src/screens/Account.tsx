// Account: the store's profile, the other screens, the language and sign-out.
import '../lib/i18n-more';
import type { StoreMe } from '@lbo/contract/store';
import { useState } from 'react';
import { PATHS, useResource } from '../lib/data';
import { useLang } from '../lib/i18n';
import { href, linkClick } from '../lib/router';
import { signOut } from '../lib/signout';
import { Loaded, OfflineNotice } from '../ui';
import { PendingChange } from './Profile';

function Row({ label, value }: { label: string; value: string | null | undefined }) {
  if (!value) return null;
  return (
    <>
      <dt>{label}</dt>
      <dd>{value}</dd>
    </>
  );
}

export default function Account() {
  const { t, lang, setLang } = useLang();
  const me = useResource<StoreMe>(PATHS.me);
  const [leaving, setLeaving] = useState(false);
  return (
    <main className="screen">
      <OfflineNotice savedAt={me.answer?.savedAt} />
      <h1>{t('account_title')}</h1>
      <Loaded state={me}>
        {(s) => (
          <section className="card" aria-labelledby="profile-title">
            <h2 id="profile-title">{s.customer_name}</h2>
            <dl className="facts">
              <Row label={t('store_code')} value={s.customer_code} />
              <Row label={t('owner_name')} value={s.owner_name} />
              <Row label={t('phone')} value={s.phone_number} />
              <Row label={t('address')} value={[s.address, s.city].filter(Boolean).join(', ')} />
              <Row label={t('branch')} value={s.branch_name} />
              <Row
                label={t('salesman')}
                value={
                  s.salesman_name
                    ? `${s.salesman_name}${s.salesman_phone ? ` (${s.salesman_phone})` : ''}`
                    : null
                }
              />
              <Row label={t('store_type')} value={s.customer_type_name} />
            </dl>
            <PendingChange me={s} />
            <a className="btn btn-secondary" href={href('/profile')} onClick={linkClick('/profile')}>
              {t('edit_profile')}
            </a>
          </section>
        )}
      </Loaded>
      <nav className="menu" aria-label={t('account_title')}>
        <a href={href('/promos')} onClick={linkClick('/promos')}>
          {t('promos_title')}
        </a>
        <a href={href('/targets')} onClick={linkClick('/targets')}>
          {t('targets_title')}
        </a>
        <a href={href('/photos')} onClick={linkClick('/photos')}>
          {t('photos_title')}
        </a>
      </nav>
      <section className="card" aria-labelledby="lang-title">
        <h2 id="lang-title">{t('language')}</h2>
        <div className="tabs">
          <button type="button" aria-pressed={lang === 'id'} onClick={() => setLang('id')}>
            Bahasa Indonesia
          </button>
          <button type="button" aria-pressed={lang === 'en'} onClick={() => setLang('en')}>
            English
          </button>
        </div>
      </section>
      <button
        type="button"
        className="btn btn-danger"
        disabled={leaving}
        onClick={() => {
          setLeaving(true);
          void signOut();
        }}
      >
        {leaving ? t('signing_out') : t('sign_out')}
      </button>
    </main>
  );
}
