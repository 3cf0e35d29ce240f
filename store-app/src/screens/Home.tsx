// Home: the balance, points this month against the cap, each current popup once, and the news.
// The one screen in the first script; its answers are kept by the service worker for offline use.
import type { StoreFeed, StoreMe } from '@lbo/contract/store';
import { useEffect, useState } from 'react';
import { PATHS, useResource } from '../lib/data';
import { formatNumber, useLang } from '../lib/i18n';
import { href, linkClick } from '../lib/router';
import { getSession } from '../lib/session';
import { Dialog, Loaded, OfflineNotice, Progress } from '../ui';

const POPUPS_SEEN_KEY = 'lbo_store_popups_seen';

/** The popups this store has already seen on this phone (each is shown once). */
function seenPopups(customerId: number): number[] {
  try {
    const all = JSON.parse(localStorage.getItem(POPUPS_SEEN_KEY) ?? '{}') as Record<string, number[]>;
    return Array.isArray(all[customerId]) ? all[customerId] : [];
  } catch {
    return [];
  }
}

function markPopupSeen(customerId: number, popupId: number) {
  let all: Record<string, number[]> = {};
  try {
    all = JSON.parse(localStorage.getItem(POPUPS_SEEN_KEY) ?? '{}') as Record<string, number[]>;
  } catch {
    all = {};
  }
  const seen = new Set(all[customerId] ?? []);
  seen.add(popupId);
  all[customerId] = [...seen];
  localStorage.setItem(POPUPS_SEEN_KEY, JSON.stringify(all));
}

export function BalanceCard({ me }: { me: StoreMe }) {
  const { t, lang } = useLang();
  const n = (v: number) => formatNumber(lang, v);
  const cap = me.monthly_max_point;
  return (
    <section className="card balance" aria-labelledby="balance-title">
      <h2 id="balance-title">{t('balance')}</h2>
      <p className="big" data-testid="balance">
        {n(me.point_balance)} <span>{t('points')}</span>
      </p>
      {me.tier_name && (
        <p data-testid="tier">{t('tier', { name: me.tier_name, x: n(me.tier_multiplier ?? 1) })}</p>
      )}
      <h3>{t('this_month')}</h3>
      {cap !== null && cap > 0 ? (
        <>
          <Progress value={me.points_this_month} max={cap} label={t('this_month')} />
          <p>{t('month_cap', { n: n(me.points_this_month), cap: n(cap) })}</p>
          {me.points_this_month >= cap && <p className="warn">{t('cap_reached')}</p>}
        </>
      ) : (
        <p>{t('month_no_cap', { n: n(me.points_this_month) })}</p>
      )}
    </section>
  );
}

function Popup({ feed, customerId }: { feed: StoreFeed; customerId: number }) {
  const { t } = useLang();
  const [seen, setSeen] = useState(() => seenPopups(customerId));
  const popup = feed.popups.find((p) => !seen.includes(p.id));
  if (!popup) return null;
  const close = () => {
    markPopupSeen(customerId, popup.id);
    setSeen((s) => [...s, popup.id]);
  };
  return (
    <Dialog title={popup.title} onClose={close}>
      {popup.photo_url && <img className="popup-img" src={popup.photo_url} alt="" />}
      {popup.link && (
        <a
          className="btn btn-secondary"
          href={popup.link}
          target="_blank"
          rel="noopener noreferrer"
          onClick={close}
        >
          {t('open_link')}
        </a>
      )}
      <button type="button" className="btn btn-primary" onClick={close}>
        {t('close')}
      </button>
    </Dialog>
  );
}

function News({ feed }: { feed: StoreFeed }) {
  const { t } = useLang();
  const [open, setOpen] = useState<number | null>(null);
  return (
    <section aria-labelledby="news-title">
      <h2 id="news-title">{t('news')}</h2>
      {feed.news.length === 0 && <p className="muted">{t('no_news')}</p>}
      {feed.news.map((n) => (
        <article key={n.id} className="card news">
          {n.photo_url && <img src={n.photo_url} alt="" loading="lazy" />}
          <h3>{n.title}</h3>
          <p className={open === n.id ? '' : 'clamp'}>{n.content}</p>
          {n.content.length > 120 && (
            <button
              type="button"
              className="btn btn-link"
              onClick={() => setOpen(open === n.id ? null : n.id)}
            >
              {open === n.id ? t('read_less') : t('read_more')}
            </button>
          )}
        </article>
      ))}
    </section>
  );
}

export function Home() {
  const { t } = useLang();
  const me = useResource<StoreMe>(PATHS.me);
  const feed = useResource<StoreFeed>(PATHS.feed);
  const customerId = getSession()?.customer_id ?? 0;
  useEffect(() => {
    document.title = t('app_name');
  }, [t]);
  return (
    <main className="screen">
      <OfflineNotice savedAt={me.answer?.savedAt ?? feed.answer?.savedAt} />
      <Loaded state={me}>{(data) => <BalanceCard me={data} />}</Loaded>
      <nav className="quick" aria-label={t('app_name')}>
        <a href={href('/promos')} onClick={linkClick('/promos')}>
          {t('quick_promos')}
        </a>
        <a href={href('/targets')} onClick={linkClick('/targets')}>
          {t('quick_targets')}
        </a>
        <a href={href('/photos')} onClick={linkClick('/photos')}>
          {t('quick_photos')}
        </a>
      </nav>
      <Loaded state={feed}>
        {(data) => (
          <>
            <News feed={data} />
            <Popup feed={data} customerId={customerId} />
          </>
        )}
      </Loaded>
    </main>
  );
}
