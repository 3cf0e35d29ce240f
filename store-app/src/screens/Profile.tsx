// Profile: the owner's name, the address and the store's photo. A change does not apply at once:
// it waits for the back office's validation, and the screen says so, with what is waiting.
import '../lib/i18n-more';
import type { StoreMe } from '@lbo/contract/store';
import { type FormEvent, useState } from 'react';
import { call } from '../lib/api';
import { load, PATHS, useResource } from '../lib/data';
import { formatDateTime, useLang } from '../lib/i18n';
import { sendPhoto } from '../lib/photo';
import { ErrorBox, FieldError, Loaded } from '../ui';

export function PendingChange({ me }: { me: StoreMe }) {
  const { t, lang } = useLang();
  const change = me.pending_change;
  if (!change || change.status !== 'pending') return null;
  return (
    <section className="pending" role="status" data-testid="pending-change">
      <h2>{t('pending_title')}</h2>
      <p>{t('pending_since', { when: formatDateTime(lang, change.requested_at) })}</p>
      <ul>
        {change.owner_name !== null && (
          <li>{t('new_value', { label: t('owner_name'), value: change.owner_name })}</li>
        )}
        {change.address !== null && <li>{t('new_value', { label: t('address'), value: change.address })}</li>}
      </ul>
      {change.photo_url && <img className="profile-photo" src={change.photo_url} alt={t('new_photo')} />}
    </section>
  );
}

function Form({ me }: { me: StoreMe }) {
  const { t } = useLang();
  const [owner, setOwner] = useState(me.pending_change?.owner_name ?? me.owner_name);
  const [address, setAddress] = useState(me.pending_change?.address ?? me.address);
  const [photo, setPhoto] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<string | null>(null);

  const onPhoto = async (file: File | undefined) => {
    if (!file) return;
    setBusy(true);
    setError(null);
    try {
      setPhoto(await sendPhoto(file));
    } catch (e) {
      setError(e);
    } finally {
      setBusy(false);
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const body: Record<string, string> = {};
    if (owner.trim() !== me.owner_name) body.owner_name = owner.trim();
    if (address.trim() !== me.address) body.address = address.trim();
    if (photo) body.photo = photo;
    if (Object.keys(body).length === 0) {
      setDone(t('no_changes'));
      return;
    }
    setBusy(true);
    setError(null);
    setDone(null);
    try {
      await call('PUT', '/store/me', { body });
      setDone(t('changes_wait'));
      window.scrollTo?.(0, 0);
      setPhoto(null);
      await load(PATHS.me);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="card">
      <h2>{t('edit_profile')}</h2>
      {/* At the top: after sending, the store reads this first, not below the fold. */}
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      <label htmlFor="owner">{t('owner_name')}</label>
      <input
        id="owner"
        value={owner}
        maxLength={200}
        autoComplete="name"
        onChange={(e) => setOwner(e.target.value)}
        aria-describedby="owner-error"
      />
      <FieldError error={error} field="owner_name" id="owner-error" />
      <label htmlFor="address">{t('address')}</label>
      <textarea
        id="address"
        rows={3}
        value={address}
        maxLength={1000}
        autoComplete="street-address"
        onChange={(e) => setAddress(e.target.value)}
        aria-describedby="address-error"
      />
      <FieldError error={error} field="address" id="address-error" />
      <p className="label">{t('store_photo')}</p>
      {(photo || me.photo_url) && (
        <img className="profile-photo" src={photo ?? me.photo_url} alt={t('store_photo')} />
      )}
      <label htmlFor="store-photo" className="btn btn-secondary">
        {t('change_photo')}
      </label>
      <input
        id="store-photo"
        className="file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        disabled={busy}
        onChange={(e) => void onPhoto(e.target.files?.[0])}
      />
      <FieldError error={error} field="photo" id="photo-error" />
      <ErrorBox error={error} fields={['owner_name', 'address', 'photo']} />
      <button type="submit" className="btn btn-primary" disabled={busy}>
        {busy ? t('sending') : t('send_changes')}
      </button>
    </form>
  );
}

export default function Profile() {
  const { t } = useLang();
  const me = useResource<StoreMe>(PATHS.me);
  return (
    <main className="screen">
      <h1>{t('profile_title')}</h1>
      <Loaded state={me}>
        {(s) => (
          <>
            {!s.admin_validate && !s.pending_change && <p className="muted">{t('not_validated')}</p>}
            <PendingChange me={s} />
            <Form me={s} />
          </>
        )}
      </Loaded>
    </main>
  );
}
