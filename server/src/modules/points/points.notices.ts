// The notice of expiring points: `notify_days_before` days ahead of a lot's expiry, the store finds
// "N poin akan kedaluwarsa pada D" in its inbox. The inbox is the broadcasts' (broadcast_deliveries,
// read by GET /store/inbox): one broadcast per expiry date (notice_key `point_expiry:<date>`, sent
// when written) and one delivery per store with that store's figures, worded in the reader's language
// when read. The unique (broadcast, store) pair makes a repeated run write nothing more.
import { jakartaDate } from '@lbo/contract/common';
import { sql } from 'drizzle-orm';
import { type Db, rows } from '../../db/client';
import { lockDeliveriesShared, noticeWords } from '../../domain/inbox';

export const EXPIRY_NOTICE = 'point_expiry';

export type ExpiryNoticeResult = {
  /** Expiry dates with a notice (a broadcast each). */
  dates: number;
  /** Stores told in this run (deliveries written). */
  notices: number;
  as_of: string;
};

/**
 * Writes the notices due today: for every store with open points in lots expiring from today to
 * today + notify_days_before, one delivery per expiry date carrying the points expiring then. A store
 * already told about a date is skipped (on conflict), so the daily run, repeated or late, tells each
 * store once per date; points that become due later (a window widened) are told on the next run.
 */
export async function runExpiryNotices(db: Db): Promise<ExpiryNoticeResult> {
  const asOf = jakartaDate();
  const [s] = await rows<{ notify_days_before: number }>(
    db,
    sql`select notify_days_before from point_settings where id = 1`,
  );
  const until = jakartaDate(s?.notify_days_before ?? 0);
  const dates = (
    await rows<{ d: string }>(
      db,
      sql`select distinct expires_on::text as d from point_lots
          where remaining > 0 and expires_on between ${asOf}::date and ${until}::date order by 1`,
    )
  ).map((r) => r.d);
  let notices = 0;
  for (const date of dates) {
    notices += await db.transaction(async (tx) => {
      await lockDeliveriesShared(tx);
      const key = `${EXPIRY_NOTICE}:${date}`;
      const words = noticeWords({ points: 0, date }, 'id');
      // The broadcast of the date, made once; a concurrent run waits on the unique key and reads it.
      await rows(
        tx,
        sql`insert into broadcasts (title, message, status, executed_at, notice_key)
            values (${words.title}, ${'Poin toko yang kedaluwarsa pada tanggal ini (jumlah per toko di kotak masuknya).'},
                    'sent', now(), ${key})
            on conflict (notice_key) where notice_key is not null do nothing`,
      );
      const [b] = await rows<{ id: number }>(tx, sql`select id from broadcasts where notice_key = ${key}`);
      const [r] = await rows<{ n: number }>(
        tx,
        sql`with due as (
              select l.customer_id, sum(l.remaining)::int as points
              from point_lots l join customers c on c.id = l.customer_id
              where l.remaining > 0 and l.expires_on = ${date}::date and c.active
              group by l.customer_id
            ),
            ins as (
              insert into broadcast_deliveries (broadcast_id, customer_id, status, delivered_at, notice)
              select ${b.id}, due.customer_id, 'delivered', now(),
                     jsonb_build_object('points', due.points, 'date', ${date}::text)
              from due order by due.customer_id
              on conflict (broadcast_id, customer_id) do nothing
              returning 1)
            select count(*)::int as n from ins`,
      );
      await rows(
        tx,
        sql`update broadcasts set updated_at = now(),
              sent_count = (select count(*)::int from broadcast_deliveries d where d.broadcast_id = ${b.id})
            where id = ${b.id}`,
      );
      return Number(r.n);
    });
  }
  return { dates: dates.length, notices, as_of: asOf };
}
