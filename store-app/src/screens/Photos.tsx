// Store photos: the folders open to this store, a photo taken with the phone's camera (a file
// input with capture) into one of them, and what was sent, which the back office sees in the
// folder's group view.
import '../lib/i18n-more';
import type { StoreUpload, StoreUploadFolder } from '@lbo/contract/store';
import { type ChangeEvent, useState } from 'react';
import { call } from '../lib/api';
import { load, useResource } from '../lib/data';
import { formatDate, formatDateTime, useLang } from '../lib/i18n';
import { sendPhoto } from '../lib/photo';
import { getSession } from '../lib/session';
import { ErrorBox, FieldError, Loaded } from '../ui';

const FOLDERS = '/store/upload-folders';
const SENT_KEY = 'lbo_store_sent_photos';
const SENT_KEPT = 30;

/**
 * The photos this store sent from this phone, newest first: the API lists the folders with their
 * counts, not the store's own photos, so the phone keeps what it sent to show it again.
 */
function readSent(customerId: number): StoreUpload[] {
  try {
    const all = JSON.parse(localStorage.getItem(SENT_KEY) ?? '{}') as Record<string, StoreUpload[]>;
    return Array.isArray(all[customerId]) ? all[customerId] : [];
  } catch {
    return [];
  }
}

function keepSent(customerId: number, list: StoreUpload[]) {
  let all: Record<string, StoreUpload[]> = {};
  try {
    all = JSON.parse(localStorage.getItem(SENT_KEY) ?? '{}') as Record<string, StoreUpload[]>;
  } catch {
    all = {};
  }
  all[customerId] = list.slice(0, SENT_KEPT);
  localStorage.setItem(SENT_KEY, JSON.stringify(all));
}

function Folder({
  folder,
  sent,
  onSent,
}: {
  folder: StoreUploadFolder;
  sent: StoreUpload[];
  onSent: (u: StoreUpload) => void;
}) {
  const { t, lang } = useLang();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const [note, setNote] = useState('');
  const [justSent, setJustSent] = useState(false);
  const inputId = `photo-${folder.id}`;
  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setBusy(true);
    setError(null);
    setJustSent(false);
    try {
      const photo = await sendPhoto(file);
      const { data } = await call<StoreUpload>('POST', '/store/uploads', {
        body: { upload_folder_id: folder.id, photo, ...(note.trim() ? { note: note.trim() } : {}) },
      });
      onSent(data);
      setJustSent(true);
      setNote('');
      void load(FOLDERS);
    } catch (err) {
      setError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <section className="card" aria-labelledby={`folder-${folder.id}`} data-testid="folder">
      <h2 id={`folder-${folder.id}`}>{folder.name}</h2>
      {folder.description && <p>{folder.description}</p>}
      <p className="muted">
        {folder.start_date && folder.end_date
          ? `${t('period', { from: formatDate(lang, folder.start_date), to: formatDate(lang, folder.end_date) })} · `
          : ''}
        {t('photo_count', { n: folder.photo_count })}
      </p>
      <label htmlFor={`note-${folder.id}`}>{t('note_label')}</label>
      <input
        id={`note-${folder.id}`}
        value={note}
        maxLength={500}
        onChange={(e) => setNote(e.target.value)}
      />
      <FieldError error={error} field="note" id={`note-error-${folder.id}`} />
      {/* The label is the big button; the input itself stays reachable for the keyboard and tests. */}
      <label htmlFor={inputId} className={busy ? 'btn btn-primary disabled' : 'btn btn-primary'}>
        {busy ? t('uploading') : t('take_photo')}
      </label>
      <input
        id={inputId}
        className="file"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        capture="environment"
        disabled={busy}
        onChange={(e) => void onFile(e)}
      />
      <ErrorBox error={error} fields={['note']} />
      {justSent && (
        <p className="success" role="status">
          {t('sent_ok')}
        </p>
      )}
      {sent.length > 0 && (
        <>
          <h3>{t('sent_list')}</h3>
          <ul className="thumbs">
            {sent.map((u) => (
              <li key={u.id} data-testid="sent-photo">
                <img src={u.thumbnail_url || u.file_url} alt={u.file_name} />
                <span className="muted">{formatDateTime(lang, u.uploaded_at)}</span>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

export default function Photos() {
  const { t } = useLang();
  const folders = useResource<StoreUploadFolder[]>(FOLDERS);
  const customerId = getSession()?.customer_id ?? 0;
  const [sent, setSent] = useState<StoreUpload[]>(() => readSent(customerId));
  return (
    <main className="screen">
      <h1>{t('photos_title')}</h1>
      <p>{t('photos_intro')}</p>
      <Loaded state={folders}>
        {(list) => (
          <>
            {list.length === 0 && <p className="muted">{t('no_folders')}</p>}
            {list.map((f) => (
              <Folder
                key={f.id}
                folder={f}
                sent={sent.filter((u) => u.upload_folder_id === f.id)}
                onSent={(u) => {
                  const next = [u, ...sent];
                  keepSent(customerId, next);
                  setSent(next);
                }}
              />
            ))}
          </>
        )}
      </Loaded>
    </main>
  );
}
