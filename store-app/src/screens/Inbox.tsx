// Inbox: the broadcasts delivered to the store, newest first, unread ones marked; opening one marks
// it read (the back office's broadcast view counts it) and the navigation's badge goes down.
import '../lib/i18n-more';
import type { PageMeta } from '@lbo/contract/common';
import type { StoreInboxRow } from '@lbo/contract/store';
import { useEffect, useState } from 'react';
import { call } from '../lib/api';
import { load, PATHS, update, useResource } from '../lib/data';
import { watchInbox } from '../lib/events';
import { formatDateTime, useLang } from '../lib/i18n';
import { ErrorBox, Loaded, OfflineNotice } from '../ui';

type InboxMeta = PageMeta & { unread: number };

export default function Inbox() {
  const { t, lang } = useLang();
  const inbox = useResource<StoreInboxRow[], InboxMeta>(PATHS.inbox);
  const [open, setOpen] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  // A broadcast delivered while the inbox is open appears without a reload.
  useEffect(() => watchInbox(() => void load(PATHS.inbox)), []);

  const toggle = async (row: StoreInboxRow) => {
    setOpen(open === row.id ? null : row.id);
    setError(null);
    if (row.read_at) return;
    try {
      const { data } = await call<StoreInboxRow>('PUT', `/store/inbox/${row.id}/read`);
      update<StoreInboxRow[], InboxMeta>(PATHS.inbox, (a) => ({
        ...a,
        data: a.data.map((r) => (r.id === data.id ? data : r)),
        meta: a.meta ? { ...a.meta, unread: Math.max(0, a.meta.unread - 1) } : a.meta,
      }));
    } catch (e) {
      setError(e);
    }
  };

  return (
    <main className="screen">
      <OfflineNotice savedAt={inbox.answer?.savedAt} />
      <h1>{t('inbox_title')}</h1>
      {error != null && <ErrorBox error={error} />}
      <Loaded state={inbox}>
        {(rows) => (
          <ul className="list">
            {rows.length === 0 && <li className="muted">{t('inbox_empty')}</li>}
            {rows.map((r) => (
              <li
                key={r.id}
                className={r.read_at ? 'card message' : 'card message unread'}
                data-testid="message"
              >
                <button
                  type="button"
                  className="message-head"
                  aria-expanded={open === r.id}
                  onClick={() => void toggle(r)}
                >
                  {!r.read_at && <span className="dot">{t('unread')}</span>}
                  <span className="title">{r.title}</span>
                  {r.delivered_at && <span className="muted">{formatDateTime(lang, r.delivered_at)}</span>}
                </button>
                {open === r.id && (
                  <div className="message-body">
                    {r.image_url && <img src={r.image_url} alt="" loading="lazy" />}
                    <p>{r.message}</p>
                    {r.link && (
                      <a href={r.link} target="_blank" rel="noopener noreferrer">
                        {t('open_link')}
                      </a>
                    )}
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </main>
  );
}
