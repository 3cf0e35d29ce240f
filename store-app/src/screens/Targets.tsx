// Targets: the store's sales against its targets for each quarter, semester and the whole year, as
// the back office computes them; a year back or forward.
import '../lib/i18n-more';
import type { StoreTargets } from '@lbo/contract/store';
import { useState } from 'react';
import { useResource } from '../lib/data';
import { formatMoney, formatNumber, useLang } from '../lib/i18n';
import { Loaded, Progress } from '../ui';

type Period = StoreTargets['full_year'];

function PeriodCard({ title, period }: { title: string; period: Period }) {
  const { t, lang } = useLang();
  const pct = period.achievement_pct;
  return (
    <section className="card target" aria-label={title} data-testid="target">
      <div className="row">
        <h2>{title}</h2>
        {pct !== null && (
          <strong className={pct >= 100 ? 'pct done' : 'pct'}>
            {formatNumber(lang, Math.round(pct * 10) / 10)}%
          </strong>
        )}
      </div>
      {period.target_amount > 0 ? (
        <>
          <Progress value={period.actual_amount} max={period.target_amount} label={title} />
          <dl className="facts">
            <dt>{t('target')}</dt>
            <dd>{formatMoney(lang, period.target_amount)}</dd>
            <dt>{t('achieved')}</dt>
            <dd>{formatMoney(lang, period.actual_amount)}</dd>
          </dl>
        </>
      ) : (
        <>
          <p className="muted">{t('no_target')}</p>
          {period.actual_amount > 0 && (
            <p>
              {t('achieved')}: {formatMoney(lang, period.actual_amount)}
            </p>
          )}
        </>
      )}
    </section>
  );
}

export default function Targets() {
  const { t } = useLang();
  const thisYear = Number(new Date(Date.now() + 7 * 3600_000).toISOString().slice(0, 4));
  const [year, setYear] = useState(thisYear);
  const targets = useResource<StoreTargets>(`/store/targets?year=${year}`);
  return (
    <main className="screen">
      <h1>{t('targets_title')}</h1>
      <div className="tabs">
        <button type="button" aria-label={t('prev_year')} onClick={() => setYear(year - 1)}>
          ‹ {year - 1}
        </button>
        <strong className="year" aria-live="polite">
          {t('year')} {year}
        </strong>
        <button
          type="button"
          aria-label={t('next_year')}
          disabled={year >= thisYear}
          onClick={() => setYear(year + 1)}
        >
          {year + 1} ›
        </button>
      </div>
      <Loaded state={targets}>
        {(d) => (
          <>
            <PeriodCard title={t('full_year', { n: d.year })} period={d.full_year} />
            {d.semesters.map((p) => (
              <PeriodCard key={`s${p.semester}`} title={t('semester', { n: p.semester ?? 0 })} period={p} />
            ))}
            {d.quarters.map((p) => (
              <PeriodCard key={`q${p.quarter}`} title={t('quarter', { n: p.quarter ?? 0 })} period={p} />
            ))}
          </>
        )}
      </Loaded>
    </main>
  );
}
