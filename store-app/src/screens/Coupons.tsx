// Coupons: the catalogue with cost and stock, a redemption confirmed by naming the points, and the
// store's redemptions with their status. A lost connection keeps the redemption's key (lib/redeem).
import '../lib/i18n-more';
import type { PageMeta } from '@lbo/contract/common';
import type { StoreCoupon, StoreMe, StoreRedeemResult, StoreRedemption } from '@lbo/contract/store';
import { useState } from 'react';
import { ApiError } from '../lib/api';
import { load, PATHS, update, useResource } from '../lib/data';
import { formatDateTime, formatNumber, useLang } from '../lib/i18n';
import { redeem } from '../lib/redeem';
import { href, linkClick, usePath } from '../lib/router';
import { Dialog, ErrorBox, Loaded, OfflineNotice } from '../ui';

function Confirm({
  coupon,
  balance,
  onDone,
  onClose,
}: {
  coupon: StoreCoupon;
  balance: number;
  onDone: (r: StoreRedeemResult) => void;
  onClose: () => void;
}) {
  const { t, lang } = useLang();
  const n = (v: number) => formatNumber(lang, v);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const lost = error instanceof ApiError && (error.status === 0 || error.status >= 500);
  const go = async () => {
    setBusy(true);
    setError(null);
    try {
      onDone(await redeem(coupon.id));
    } catch (e) {
      setError(e);
      setBusy(false);
    }
  };
  return (
    <Dialog title={t('confirm_title')} onClose={busy ? () => {} : onClose}>
      <p>
        {t('confirm_text', {
          name: coupon.name,
          points: n(coupon.points_required),
          after: n(balance - coupon.points_required),
        })}
      </p>
      {lost ? (
        <div className="error" role="alert">
          <p>{t('redeem_lost')}</p>
          <p>{t('redeem_lost_retry')}</p>
        </div>
      ) : (
        error != null && <ErrorBox error={error} />
      )}
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void go()}>
        {busy ? t('redeeming') : lost ? t('retry') : t('confirm_yes', { points: n(coupon.points_required) })}
      </button>
      <button type="button" className="btn btn-secondary" disabled={busy} onClick={onClose}>
        {t('cancel')}
      </button>
    </Dialog>
  );
}

function Catalogue() {
  const { t, lang } = useLang();
  const n = (v: number) => formatNumber(lang, v);
  const coupons = useResource<StoreCoupon[]>(PATHS.coupons);
  const me = useResource<StoreMe>(PATHS.me);
  const [chosen, setChosen] = useState<StoreCoupon | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const balance = me.data?.point_balance ?? 0;
  const onDone = (r: StoreRedeemResult) => {
    setDone(t('redeemed_ok', { name: r.coupon_name, balance: n(r.point_balance) }));
    setChosen(null);
    update<StoreMe, unknown>(PATHS.me, (a) => ({
      ...a,
      data: { ...a.data, point_balance: r.point_balance },
    }));
    void load(PATHS.coupons);
    void load(PATHS.redemptions);
  };
  return (
    <>
      {done && (
        <p className="success" role="status">
          {done}
        </p>
      )}
      <Loaded state={coupons}>
        {(list) => (
          <ul className="list">
            {list.length === 0 && <li className="muted">{t('no_coupons')}</li>}
            {list.map((c) => (
              <li key={c.id} className="card coupon">
                {c.photo_url && <img src={c.photo_url} alt="" loading="lazy" />}
                <div>
                  <h3>{c.name}</h3>
                  {c.description && <p className="muted">{c.description}</p>}
                  <p>
                    <strong>
                      {n(c.points_required)} {t('points')}
                    </strong>{' '}
                    · {t('stock_left', { n: n(c.stock) })}
                  </p>
                  <button
                    type="button"
                    className="btn btn-primary"
                    disabled={!me.data || balance < c.points_required}
                    onClick={() => {
                      setDone(null);
                      setChosen(c);
                    }}
                  >
                    {me.data && balance < c.points_required ? (
                      t('not_enough')
                    ) : (
                      <>
                        {t('redeem')}
                        <span className="sr-only"> {c.name}</span>
                      </>
                    )}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Loaded>
      {chosen && (
        <Confirm coupon={chosen} balance={balance} onDone={onDone} onClose={() => setChosen(null)} />
      )}
    </>
  );
}

function Mine() {
  const { t, lang } = useLang();
  const list = useResource<StoreRedemption[], PageMeta>(PATHS.redemptions);
  return (
    <Loaded state={list}>
      {(rows) => (
        <ul className="list">
          {rows.length === 0 && <li className="muted">{t('no_redemptions')}</li>}
          {rows.map((r) => (
            <li key={r.id} className="card row" data-testid="redemption">
              <div>
                <h3>{r.coupon_name}</h3>
                <p className="muted">{formatDateTime(lang, r.redeemed_at)}</p>
                <p>
                  {formatNumber(lang, r.points)} {t('points')}
                </p>
              </div>
              <span className={`status status-${r.status}`}>{t(`status_${r.status}`)}</span>
            </li>
          ))}
        </ul>
      )}
    </Loaded>
  );
}

export default function Coupons() {
  const { t, lang } = useLang();
  const path = usePath();
  const mine = path === '/coupons/mine';
  const me = useResource<StoreMe>(PATHS.me);
  return (
    <main className="screen">
      <OfflineNotice savedAt={me.answer?.savedAt} />
      <h1>{t('coupons_title')}</h1>
      {me.data && (
        <p className="muted">
          {t('balance')}: <strong>{formatNumber(lang, me.data.point_balance)}</strong> {t('points')}
        </p>
      )}
      <div className="tabs" role="tablist">
        <a role="tab" aria-selected={!mine} href={href('/coupons')} onClick={linkClick('/coupons')}>
          {t('tab_catalogue')}
        </a>
        <a role="tab" aria-selected={mine} href={href('/coupons/mine')} onClick={linkClick('/coupons/mine')}>
          {t('tab_mine')}
        </a>
      </div>
      {mine ? <Mine /> : <Catalogue />}
    </main>
  );
}
