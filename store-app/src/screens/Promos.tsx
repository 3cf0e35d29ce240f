// Promos that apply to this store now, in the back office's order: each with its lines (what to
// buy, the discount) and their items and bonus items.
import '../lib/i18n-more';
import type { StorePromo } from '@lbo/contract/store';
import { useResource } from '../lib/data';
import { formatDate, formatMoney, formatNumber, useLang } from '../lib/i18n';
import { Loaded } from '../ui';

export default function Promos() {
  const { t, lang } = useLang();
  const promos = useResource<StorePromo[]>('/store/promos');
  return (
    <main className="screen">
      <h1>{t('promos_title')}</h1>
      <Loaded state={promos}>
        {(list) => (
          <ul className="list">
            {list.length === 0 && <li className="muted">{t('no_promos')}</li>}
            {list.map((p) => (
              <li key={p.id} className="card promo" data-testid="promo">
                {p.image && <img src={p.image} alt="" loading="lazy" />}
                <h2>{p.name}</h2>
                <p className="muted">
                  {t('period', { from: formatDate(lang, p.start_date), to: formatDate(lang, p.end_date) })}
                </p>
                {p.description && <p>{p.description}</p>}
                {p.lines.map((l) => (
                  <details key={l.id} className="promo-line">
                    <summary>
                      <strong>{l.name}</strong>
                      <span>
                        {[
                          l.min_qty > 0 ? t('min_qty', { n: formatNumber(lang, l.min_qty) }) : null,
                          l.min_amount > 0 ? t('min_amount', { n: formatMoney(lang, l.min_amount) }) : null,
                          l.discount_percent > 0
                            ? t('discount_percent', { n: formatNumber(lang, l.discount_percent) })
                            : null,
                          l.discount_amount > 0
                            ? t('discount_amount', { n: formatMoney(lang, l.discount_amount) })
                            : null,
                        ]
                          .filter(Boolean)
                          .join(' · ')}
                      </span>
                    </summary>
                    {l.description && <p>{l.description}</p>}
                    {l.items.length > 0 && (
                      <>
                        <h3>{t('items')}</h3>
                        <ul>
                          {l.items.map((i) => (
                            <li key={i.id}>
                              {i.item_name} {i.uom && <span className="muted">({i.uom})</span>}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                    {l.bonus_items.length > 0 && (
                      <>
                        <h3>{t('bonus')}</h3>
                        <ul>
                          {l.bonus_items.map((b) => (
                            <li key={b.id}>
                              {formatNumber(lang, b.qty)} {b.uom} {b.item_name}
                            </li>
                          ))}
                        </ul>
                      </>
                    )}
                  </details>
                ))}
              </li>
            ))}
          </ul>
        )}
      </Loaded>
    </main>
  );
}
