// What the companion app reads: every query is keyed by the signed-in store (req.store), so another
// store's records are out of reach by construction.
import { createHash } from 'node:crypto';
import {
  POINT_TYPE_NAMES,
  type StoreFeed,
  type StoreInboxRow,
  type StoreMe,
  type StorePageQuery,
  type StorePointRow,
  type StorePointsExpiring,
  type StoreRedemption,
  type StoreVoucher,
} from '@lbo/contract/store';
import { sql } from 'drizzle-orm';
import { type DbOrTx, rows } from '../../db/client';
import { noticeWords } from '../../domain/inbox';
import { notFound, problem } from '../../http/errors';
import { pageMeta } from '../../http/list-query';
import type { Lang } from '../../http/messages';
import type { StoreRef } from './store.areas';

const MONTH_START = sql`date_trunc('month', now() at time zone 'Asia/Jakarta')::date`;

/**
 * GET /store/me: the store with its branch, salesman, type, balance, this month against the cap and
 * the profile change waiting for the back office (as pendingProfileChange reads it), in one statement.
 */
export async function storeMe(db: DbOrTx, customerId: number): Promise<StoreMe> {
  const [me] = await rows<StoreMe & PendingColumns>(
    db,
    sql`select c.id as customer_id, c.customer_code, c.customer_name, c.owner_name, c.phone_number,
               c.address, c.city, c.photo_url, c.branch_id, b.name as branch_name,
               s.salesman_name, s.phone_number as salesman_phone,
               c.customer_type_id, t.name as customer_type_name, c.point_balance,
               coalesce((
                 select m.max_point from point_max_customers m
                 where m.customer_id = c.id and m.active
                   and m.start_date < (${MONTH_START} + interval '1 month')::date and m.end_date >= ${MONTH_START}
                 order by m.start_date desc, m.id desc limit 1
               ), c.monthly_max_point) as monthly_max_point,
               (select coalesce(sum(l.points), 0)::int from point_ledger l
                 where l.customer_id = c.id and not l.void and l.source in ('invoice', 'promo')
                   and l.entry_date >= ${MONTH_START}) as points_this_month,
               pt.name as tier_name, pt.multiplier::float8 as tier_multiplier,
               c.tier_grace_from::text as tier_grace_from,
               c.admin_validate, c.registered_at,
               p.id as p_id, p.owner_name as p_owner_name, p.address as p_address, p.photo_url as p_photo_url,
               p.status as p_status, p.requested_at as p_requested_at, p.decided_at as p_decided_at,
               p.decided_by as p_decided_by, p.note as p_note
        from customers c
        left join point_tiers pt on pt.id = c.tier_id
        join branches b on b.id = c.branch_id
        left join salesmen s on s.id = c.salesman_id
        left join customer_types t on t.id = c.customer_type_id
        left join lateral (
          select * from store_profile_changes p where p.customer_id = c.id and p.status = 'pending' limit 1
        ) p on true
        where c.id = ${customerId}`,
  );
  if (!me) throw notFound(problem('not_found', { thing: 'store', id: customerId }));
  const {
    p_id,
    p_owner_name,
    p_address,
    p_photo_url,
    p_status,
    p_requested_at,
    p_decided_at,
    p_decided_by,
    p_note,
    ...store
  } = me;
  return {
    ...store,
    registered_at: iso(me.registered_at),
    pending_change:
      p_id === null
        ? null
        : ({
            id: p_id,
            customer_id: me.customer_id,
            owner_name: p_owner_name,
            address: p_address,
            photo_url: p_photo_url,
            current_owner_name: me.owner_name,
            current_address: me.address,
            current_photo_url: me.photo_url,
            status: p_status,
            requested_at: iso(p_requested_at) as string,
            decided_at: iso(p_decided_at),
            decided_by: p_decided_by,
            note: p_note,
          } as StoreMe['pending_change']),
  };
}

/** The pending profile change's columns in storeMe's row (null without one). */
type PendingColumns = {
  p_id: number | null;
  p_owner_name: string | null;
  p_address: string | null;
  p_photo_url: string | null;
  p_status: string | null;
  p_requested_at: unknown;
  p_decided_at: unknown;
  p_decided_by: number | null;
  p_note: string | null;
};

/** The signed-in store as the other areas' store queries take it. */
export async function storeRef(db: DbOrTx, customerId: number): Promise<StoreRef> {
  const [s] = await rows<StoreRef>(
    db,
    sql`select id, customer_code, customer_name, branch_id, customer_type_id from customers where id = ${customerId}`,
  );
  if (!s) throw notFound(problem('not_found', { thing: 'store', id: customerId }));
  return s;
}

/** A timestamp as the API writes it (ISO 8601, UTC), whatever the driver handed back. */
export const iso = (v: unknown): string | null =>
  v === null || v === undefined ? null : new Date(v as string).toISOString();

const offset = (q: StorePageQuery) => (q.page - 1) * q.limit;

/**
 * GET /store/points: the live ledger rows, newest first (index point_ledger_customer_idx), with the
 * count and the balance, in one statement (a page past the end still answers the count: one row of
 * nulls from the left join).
 */
export async function storePoints(db: DbOrTx, customerId: number, q: StorePageQuery, lang: Lang) {
  const found = await rows<Record<string, unknown> & { point_type: number; total: number; balance: number }>(
    db,
    sql`select t.total, c.point_balance as balance, l.id, l.point_type, l.points, l.balance_after, l.document_no,
               l.reason, l.entry_date, l.created_at
        from customers c
        cross join lateral (
          select count(*)::int as total from point_ledger where customer_id = c.id and not void
        ) t
        left join lateral (
          select l.id, l.point_type, l.points, l.balance_after,
                 coalesce(l.invoice_document_no, l.reference) as document_no, l.reason,
                 l.entry_date::text as entry_date, l.created_at
          from point_ledger l
          where l.customer_id = c.id and not l.void
          order by l.id desc limit ${q.limit} offset ${offset(q)}
        ) l on true
        where c.id = ${customerId}
        order by l.id desc`,
  );
  const total = found[0]?.total ?? 0;
  const balance = found[0]?.balance ?? 0;
  return {
    data: found
      .filter((r) => r.id !== null)
      .map(({ total: _t, balance: _b, ...r }) => ({
        ...r,
        type_name: POINT_TYPE_NAMES[r.point_type]?.[lang] ?? String(r.point_type),
        created_at: iso(r.created_at),
      })) as StorePointRow[],
    meta: { ...pageMeta(q.page, q.limit, total), balance },
    expiring: await storeExpiring(db, customerId),
  };
}

/** The store's points expiring next and within the notice window (open lots, index point_lots by customer). */
export async function storeExpiring(db: DbOrTx, customerId: number): Promise<StorePointsExpiring> {
  const [r] = await rows<StorePointsExpiring>(
    db,
    sql`with s as (select notify_days_before as days from point_settings where id = 1),
        o as (
          select expires_on, remaining from point_lots
          where customer_id = ${customerId} and remaining > 0 and expires_on >= ${TODAY}
        )
        select (select min(expires_on)::text from o) as next_date,
               coalesce((select sum(remaining) from o where expires_on = (select min(expires_on) from o)), 0)::int as next_points,
               coalesce((select days from s), 0)::int as within_days,
               coalesce((select sum(remaining) from o
                         where expires_on <= ${TODAY} + coalesce((select days from s), 0)), 0)::int as within_points`,
  );
  return r;
}

/** GET /store/redemptions: the store's coupon redemptions, newest first. */
export async function storeRedemptions(db: DbOrTx, customerId: number, q: StorePageQuery) {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select r.id, r.coupon_id, c.name as coupon_name, c.photo_url, r.points, r.coupon_status as status,
               r.redeemed_at, r.delivered_at, r.reverted_at
        from coupon_redemptions r join coupons c on c.id = r.coupon_id
        where r.customer_id = ${customerId}
        order by r.redeemed_at desc, r.id desc limit ${q.limit} offset ${offset(q)}`,
  );
  const [{ total }] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from coupon_redemptions where customer_id = ${customerId}`,
  );
  return {
    data: list.map((r) => ({
      ...r,
      redeemed_at: iso(r.redeemed_at),
      delivered_at: iso(r.delivered_at),
      reverted_at: iso(r.reverted_at),
    })) as StoreRedemption[],
    meta: pageMeta(q.page, q.limit, total),
  };
}

/** GET /store/vouchers: the vouchers the store holds, newest first. */
export async function storeVouchers(db: DbOrTx, customerId: number, q: StorePageQuery) {
  const list = await rows<Record<string, unknown>>(
    db,
    sql`select r.id, r.voucher_id, v.code, v.name, v.description, v.nominal, v.photo_url,
               v.start_date::text as start_date, v.end_date::text as end_date, r.redeemed_at
        from voucher_redemptions r join vouchers v on v.id = r.voucher_id
        where r.customer_id = ${customerId}
        order by r.redeemed_at desc, r.id desc limit ${q.limit} offset ${offset(q)}`,
  );
  const [{ total }] = await rows<{ total: number }>(
    db,
    sql`select count(*)::int as total from voucher_redemptions where customer_id = ${customerId}`,
  );
  return {
    data: list.map((r) => ({
      ...r,
      nominal: Number(r.nominal),
      redeemed_at: iso(r.redeemed_at),
    })) as StoreVoucher[],
    meta: pageMeta(q.page, q.limit, total),
  };
}

/**
 * GET /store/inbox: the broadcasts delivered to the store, newest first (index
 * broadcast_deliveries_customer_idx), with the count and the unread count, in one statement. A
 * delivery is read once its status is `read`, what the broadcast view in the back office counts.
 */
export async function storeInbox(db: DbOrTx, customerId: number, q: StorePageQuery, lang: Lang) {
  const found = await rows<Record<string, unknown> & { total: number; unread: number }>(
    db,
    sql`select n.total, n.unread, p.id, p.broadcast_id, p.title, p.message, p.image_url, p.link, p.delivered_at,
               p.read_at, p.notice
        from (
          select count(*)::int as total, (count(*) filter (where status <> 'read'))::int as unread
          from broadcast_deliveries where customer_id = ${customerId} and status in ('delivered', 'read')
        ) n
        left join lateral (
          select d.id, d.broadcast_id, b.title, b.message, b.image_url, b.link, d.delivered_at,
                 case when d.status = 'read' then coalesce(d.read_at, d.delivered_at, d.created_at) end as read_at,
                 d.notice
          from broadcast_deliveries d join broadcasts b on b.id = d.broadcast_id
          where d.customer_id = ${customerId} and d.status in ('delivered', 'read')
          order by d.id desc limit ${q.limit} offset ${offset(q)}
        ) p on true
        order by p.id desc`,
  );
  const { total, unread } = found[0];
  return {
    data: found.filter((r) => r.id !== null).map(({ total: _t, unread: _u, ...r }) => inboxRow(r, lang)),
    meta: { ...pageMeta(q.page, q.limit, total), unread },
  };
}

/** PUT /store/inbox/{id}/read: marks one of the store's deliveries read (again: no change). */
export async function markInboxRead(db: DbOrTx, customerId: number, id: number, lang: Lang) {
  const [row] = await rows<{ id: number }>(
    db,
    sql`update broadcast_deliveries set status = 'read', read_at = coalesce(read_at, now())
        where id = ${id} and customer_id = ${customerId} and status in ('delivered', 'read')
        returning id`,
  );
  if (!row) throw notFound(problem('not_found', { thing: 'inbox message', id }));
  const [item] = (await rows<Record<string, unknown>>(
    db,
    sql`select d.id, d.broadcast_id, b.title, b.message, b.image_url, b.link, d.delivered_at, d.read_at, d.notice
        from broadcast_deliveries d join broadcasts b on b.id = d.broadcast_id where d.id = ${id}`,
  )) as Array<Record<string, unknown>>;
  return inboxRow(item, lang);
}

/** An inbox row as answered: a notice (expiring points) worded from its own figures in the reader's language. */
function inboxRow(r: Record<string, unknown>, lang: Lang): StoreInboxRow {
  const { notice: raw, ...rest } = r;
  const notice = (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, string | number> | null;
  return {
    ...rest,
    ...(notice ? noticeWords(notice, lang) : {}),
    delivered_at: iso(r.delivered_at),
    read_at: iso(r.read_at),
  } as StoreInboxRow;
}

const TODAY = sql`(now() at time zone 'Asia/Jakarta')::date`;

/**
 * The feed is the same for every store: kept per process under a stamp of what it is made of (each
 * table's newest change and row count, and the day), so most requests cost one small query and the
 * stamp's hash is the ETag.
 */
let feedCache: { stamp: string; etag: string; feed: StoreFeed } | null = null;

export async function storeFeed(db: DbOrTx): Promise<{ etag: string; feed: StoreFeed }> {
  const [{ stamp }] = await rows<{ stamp: string }>(
    db,
    sql`select concat_ws('|', ${TODAY}::text,
          (select max(updated_at)::text || ':' || count(*) from news),
          (select max(updated_at)::text || ':' || count(*) from popups),
          (select max(updated_at)::text || ':' || count(*) from promo_videos)) as stamp`,
  );
  if (feedCache?.stamp === stamp) return feedCache;
  const active = sql`active and ${TODAY} between start_date and end_date`;
  const [news, popups, videos] = await Promise.all([
    rows<StoreFeed['news'][number]>(
      db,
      sql`select id, title, content, photo_url, priority, start_date::text, end_date::text
          from news where ${active} order by priority, id`,
    ),
    rows<StoreFeed['popups'][number]>(
      db,
      sql`select id, title, photo_url, link, start_date::text, end_date::text
          from popups where ${active} order by start_date desc, id desc`,
    ),
    rows<StoreFeed['promo_videos'][number]>(
      db,
      sql`select id, title, url, description, thumbnail_url, start_date::text, end_date::text
          from promo_videos where ${active} order by title, id`,
    ),
  ]);
  const feed = { news, popups, promo_videos: videos };
  const etag = `"${createHash('sha256').update(JSON.stringify(feed)).digest('base64url').slice(0, 27)}"`;
  feedCache = { stamp, etag, feed };
  return feedCache;
}
