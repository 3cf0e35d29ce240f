// The stores' inbox (broadcast_deliveries, read by GET /store/inbox) as other modules write to it:
// the lock delivery writers share against customer deletes, and the wording of the notices the
// server writes itself (expiring points), kept as figures on the delivery and worded when read.
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import type { Lang } from '../http/messages';

/**
 * Held (shared) by a transaction writing deliveries until it ends; deleting customers takes it
 * exclusively before deleting their deliveries (0010_content_perf.sql), so neither misses the other.
 */
export async function lockDeliveriesShared(tx: DbOrTx): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock_shared(hashtext('broadcast_deliveries.customers'), 0)`);
}

const LOCALE: Record<Lang, string> = { id: 'id-ID', en: 'en-GB' };

/** A notice's title and message in the reader's language, from the figures kept on its delivery. */
export function noticeWords(
  notice: Record<string, string | number>,
  lang: Lang,
): { title: string; message: string } {
  const date = new Date(`${notice.date}T00:00:00Z`).toLocaleDateString(LOCALE[lang], {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
  const points = Number(notice.points).toLocaleString(LOCALE[lang]);
  return lang === 'id'
    ? {
        title: `Poin akan kedaluwarsa pada ${date}`,
        message: `${points} poin akan kedaluwarsa pada ${date}. Tukarkan sebelum tanggal itu.`,
      }
    : {
        title: `Points expire on ${date}`,
        message: `${points} points will expire on ${date}. Redeem them before then.`,
      };
}
